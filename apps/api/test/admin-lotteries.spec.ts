import { newAccount } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

// The contract's error bodies (spec sections 4 and 5).
const LOTTERY_NOT_FOUND = errorBody.notFound(Messages.lotteryNotFound);
const NO_DRAWS = errorBody.notFound(Messages.drawNotFound);
const ADMIN_REQUIRED = errorBody.forbidden(Messages.adminRequired);
const NO_AUTHORIZATION = errorBody.unauthorized(Messages.authorizationHeaderMissing);
const TAG_EMPTY = errorBody.badRequest(Messages.lotteryTagEmpty);
const BAD_DRAW_DATE = errorBody.badRequest(Messages.invalidDrawDate);
const TOO_EARLY = errorBody.badRequest(Messages.drawDateTooEarly);

const KENO = {
  tag: 'fr_keno',
  name: 'Keno',
  country: 'FR',
  timezone: 'Europe/Paris',
  main: { count: 3, min: 1, max: 20 },
  special: { count: 1, min: 1, max: 5, name: 'Bonus' },
  drawOrder: true,
  source: 'Typed in by hand',
};
const KENO_MAIN = { count: 3, min: 1, max: 20, distinct: true };
const KENO_SPECIAL = { count: 1, min: 1, max: 5, distinct: true };
const KENO_VIEW = {
  tag: 'fr_keno',
  name: 'Keno',
  country: 'FR',
  timezone: 'Europe/Paris',
  main: KENO_MAIN,
  special: { ...KENO_SPECIAL, pool: 'own', name: 'Bonus' },
  draws: { count: 0, first: null, last: null },
  status: 'active',
  rules: [{ from: '1800-01-01', main: KENO_MAIN, special: { ...KENO_SPECIAL, pool: 'own' }, prizes: [] }],
  drawOrder: true,
  source: 'Typed in by hand',
  // Created without them: not recorded.
  operator: null,
  terms: null,
  schedule: null,
  nextDraw: null,
  freshness: null,
};

const drawOf = (date: string, main: number[], special: number[]) => ({
  date,
  numbers: [
    ...main.map((value, order) => ({ special: false, order, value })),
    ...special.map((value, order) => ({ special: true, order, value })),
  ],
});

describe('lottery and draw administration', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let userJwt: string;
  let token: string;

  beforeAll(async () => {
    ({ app, api, admin, token } = await withTokenHolder());
    userJwt = (await newAccount(api)).jwt;
  });
  afterAll(() => app.close());

  const as = (jwt: string) => ({
    post: (path: string, body?: unknown) => api.post(path, { jwt, body }),
    patch: (path: string, body: unknown) => api.patch(path, { jwt, body }),
    put: (path: string, body: unknown) => api.put(path, { jwt, body }),
    delete: (path: string) => api.delete(path, { jwt }),
  });
  const adminApi = () => as(admin.jwt);

  describe('access', () => {
    const calls = (jwt?: string) => {
      const options = (body?: unknown) => (jwt === undefined ? { body } : { jwt, body });
      return [
        api.get('/admin/lotteries', options()),
        api.post('/admin/lotteries', options(KENO)),
        api.patch('/admin/lotteries/us_powerball', options({ name: 'x' })),
        api.put(
          '/admin/lotteries/us_powerball/draws/2026-08-06',
          options({ main: [1, 2, 3, 4, 5], special: [1] }),
        ),
        api.delete('/admin/lotteries/us_powerball/draws/2026-08-05', options()),
        api.post('/admin/lotteries/us_powerball/draws/import', {
          ...options('date,main,special\n'),
          headers: { 'Content-Type': 'text/csv' },
        }),
      ];
    };

    it('refuses calls without a JWT', async () => {
      for (const res of await Promise.all(calls()))
        expect(res).toMatchObject({ status: 401, body: NO_AUTHORIZATION });
    });

    it('refuses accounts that are not administrators, and changes nothing', async () => {
      for (const res of await Promise.all(calls(userJwt))) {
        expect(res).toMatchObject({ status: 403, body: ADMIN_REQUIRED });
      }
      expect((await api.get('/lottery/us_powerball/draw/2026-08-05/numbers', { token })).status).toBe(200);
      expect((await api.get('/lottery/fr_keno', { token })).status).toBe(404);
    });

    it('refuses API tokens', async () => {
      expect((await api.post('/admin/lotteries', { token, body: KENO })).status).toBe(401);
    });
  });

  describe('GET /admin/lotteries', () => {
    it('lists the catalogue like GET /lotteries, with each provenance, by JWT and without metering', async () => {
      const metered = await api.get('/lotteries?limit=3&offset=2', { token });
      const listed = await api.get('/admin/lotteries?limit=3&offset=2', { jwt: admin.jwt });
      expect(listed.status).toBe(200);
      // Where the bundled history was taken from, with its licence: for administrators, not in every answer.
      expect(listed.body).toEqual({
        ...metered.body,
        lotteries: metered.body.lotteries.map((lottery: { tag: string }) => ({
          ...lottery,
          provenance: expect.stringMatching(/^https:\/\/github\.com\/.+ \(licence: .+\)$/),
        })),
      });
      // Bundled lotteries name their operator and the terms of their source, in both lists alike.
      expect(listed.body.lotteries[0]).toMatchObject({
        operator: expect.any(String),
        terms: expect.any(String),
      });
      expect(metered.body.lotteries[0]).not.toHaveProperty('provenance');
      expect(listed.headers.get('x-quota-limit')).toBeNull();
      expect((await api.get('/admin/lotteries?limit=0', { jwt: admin.jwt })).body).toEqual({
        limit: 0,
        offset: 0,
        more: true,
        total: metered.body.total,
      });
      expect((await api.get('/admin/lotteries?limit=x', { jwt: admin.jwt })).body).toEqual(
        errorBody.badRequest(Messages.invalidField('limit', 'a non-negative integer')),
      );
    });
  });

  describe('POST /admin/lotteries', () => {
    it('creates a lottery (one era from 1800-01-01) and refuses the same tag twice', async () => {
      const created = await adminApi().post('/admin/lotteries', KENO);
      expect(created.status).toBe(201);
      expect(created.body).toEqual(KENO_VIEW);
      expect((await api.get('/lottery/fr_keno', { token })).body).toEqual(KENO_VIEW);
      expect(await adminApi().post('/admin/lotteries', { ...KENO, name: 'Other' })).toMatchObject({
        status: 409,
        body: errorBody.conflict(Messages.lotteryExists),
      });
      expect((await api.get('/lottery/fr_keno', { token })).body.name).toBe('Keno');
    });

    it('creates a lottery from a rule history, showing the era in force today', async () => {
      const rules = [
        { from: '2000-01-01', main: { count: 5, min: 1, max: 40 } },
        {
          from: '2010-01-01',
          main: { count: 5, min: 1, max: 50, distinct: true },
          special: { count: 2, min: 1, max: 10, distinct: false },
        },
      ];
      const created = await adminApi().post('/admin/lotteries', {
        tag: 'xx-eras_2',
        name: 'Eras',
        country: 'XX',
        timezone: 'Pacific/Auckland',
        rules,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        tag: 'xx-eras_2',
        name: 'Eras',
        country: 'XX',
        timezone: 'Pacific/Auckland',
        main: { count: 5, min: 1, max: 50, distinct: true },
        special: { count: 2, min: 1, max: 10, distinct: false, pool: 'own', name: null },
        draws: { count: 0, first: null, last: null },
        status: 'active',
        rules: [
          {
            from: '2000-01-01',
            main: { count: 5, min: 1, max: 40, distinct: true },
            special: null,
            prizes: [],
          },
          {
            from: '2010-01-01',
            main: { count: 5, min: 1, max: 50, distinct: true },
            special: { count: 2, min: 1, max: 10, distinct: false, pool: 'own' },
            prizes: [],
          },
        ],
        drawOrder: false,
        source: null,
        operator: null,
        terms: null,
        schedule: null,
        nextDraw: null,
        freshness: null,
      });
    });

    it('creates a lottery with its operator and terms, served to every client', async () => {
      const created = await adminApi().post('/admin/lotteries', {
        ...KENO,
        tag: 'xx_terms',
        operator: 'Française des Jeux',
        terms: 'none found',
      });
      expect(created.status).toBe(201);
      const view = { ...KENO_VIEW, tag: 'xx_terms', operator: 'Française des Jeux', terms: 'none found' };
      expect(created.body).toEqual(view);
      expect((await api.get('/lottery/xx_terms', { token })).body).toEqual(view);
    });

    const valid = {
      tag: 'xx_valid',
      name: 'Valid',
      country: 'XX',
      timezone: 'UTC',
      main: { count: 3, min: 1, max: 9 },
    };
    it.each([
      ['no tag', { ...valid, tag: undefined }, TAG_EMPTY],
      ['a blank tag', { ...valid, tag: '  ' }, TAG_EMPTY],
      [
        'a tag with capitals',
        { ...valid, tag: 'Bad_Tag' },
        errorBody.badRequest(
          Messages.invalidField(
            'tag',
            "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
          ),
        ),
      ],
      [
        'a tag starting with _',
        { ...valid, tag: '_x' },
        errorBody.badRequest(
          Messages.invalidField(
            'tag',
            "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
          ),
        ),
      ],
      [
        'no name',
        { ...valid, name: undefined },
        errorBody.badRequest(Messages.invalidField('name', 'a non-empty text of at most 100 characters')),
      ],
      [
        'a blank country',
        { ...valid, country: ' ' },
        errorBody.badRequest(Messages.invalidField('country', 'a non-empty text of at most 64 characters')),
      ],
      [
        'an unknown time zone',
        { ...valid, timezone: 'Mars/Olympus_Mons' },
        errorBody.badRequest(Messages.invalidField('timezone', "an IANA time zone such as 'Europe/Paris'")),
      ],
      [
        'neither main nor rules',
        { ...valid, main: undefined },
        errorBody.badRequest(Messages.invalidField('main', 'an object {count, min, max, distinct}')),
      ],
      [
        'main as a number',
        { ...valid, main: 5 },
        errorBody.badRequest(Messages.invalidField('main', 'an object {count, min, max, distinct}')),
      ],
      [
        'a zero main count',
        { ...valid, main: { count: 0, min: 1, max: 9 } },
        errorBody.badRequest(
          Messages.invalidFieldProblem('main', 'count must be a whole number of at least 1, got 0.'),
        ),
      ],
      [
        'a main group too small for its count',
        { ...valid, main: { count: 6, min: 1, max: 5 } },
        errorBody.badRequest(
          Messages.invalidFieldProblem('main', 'needs 6 distinct numbers but 1-5 holds only 5.'),
        ),
      ],
      [
        'a main max beyond storage',
        { ...valid, main: { count: 1, min: 1, max: 40000 } },
        errorBody.badRequest(Messages.invalidFieldProblem('main', 'max must be at most 32767.')),
      ],
      [
        'an inverted special range',
        { ...valid, special: { count: 1, min: 5, max: 1 } },
        errorBody.badRequest(Messages.invalidFieldProblem('special', 'min 5 is greater than max 1.')),
      ],
      [
        'a non-boolean distinct',
        { ...valid, special: { count: 1, min: 1, max: 5, distinct: 'no' } },
        errorBody.badRequest(Messages.invalidFieldProblem('special', 'distinct must be true or false.')),
      ],
      [
        'rules out of order',
        {
          ...valid,
          rules: [
            { from: '2010-01-01', main: { count: 1, min: 1, max: 9 } },
            { from: '2000-01-01', main: { count: 1, min: 1, max: 9 } },
          ],
        },
        errorBody.badRequest(
          Messages.invalidFieldProblem(
            'rules',
            "Rule era 2: 'from' 2000-01-01 must be later than the previous era's 2010-01-01.",
          ),
        ),
      ],
      [
        'empty rules',
        { ...valid, rules: [] },
        errorBody.badRequest(Messages.invalidFieldProblem('rules', 'At least one rule era is required.')),
      ],
      [
        'a rule era without main',
        { ...valid, rules: [{ from: '2000-01-01' }] },
        errorBody.badRequest(Messages.invalidField('rules[0].main', 'an object {count, min, max, distinct}')),
      ],
      [
        'a rule era with a bad date',
        { ...valid, rules: [{ from: '2000-02-30', main: { count: 1, min: 1, max: 9 } }] },
        errorBody.badRequest(
          Messages.invalidFieldProblem(
            'rules',
            "Rule era 1: invalid 'from' date '2000-02-30'. Expected 'YYYY-MM-DD' format.",
          ),
        ),
      ],
      [
        'rules that are not an array',
        { ...valid, rules: { from: '2000-01-01' } },
        errorBody.badRequest(Messages.invalidField('rules', 'an array of {from, main, special}')),
      ],
      [
        'a non-boolean drawOrder',
        { ...valid, drawOrder: 'yes' },
        errorBody.badRequest(Messages.invalidField('drawOrder', 'true or false')),
      ],
      [
        'a blank operator',
        { ...valid, operator: ' ' },
        errorBody.badRequest(Messages.invalidField('operator', 'a non-empty text of at most 200 characters')),
      ],
      [
        'terms over 500 characters',
        { ...valid, terms: 'x'.repeat(501) },
        errorBody.badRequest(Messages.invalidField('terms', 'a non-empty text of at most 500 characters')),
      ],
    ])('refuses %s with a 400 naming the field', async (_label, body, error) => {
      expect(await adminApi().post('/admin/lotteries', body)).toMatchObject({ status: 400, body: error });
    });
  });

  describe('PATCH /admin/lotteries/{tag}', () => {
    beforeAll(async () => {
      await adminApi().post('/admin/lotteries', { ...KENO, tag: 'xx_patch' });
    });

    it('changes the fields given and keeps the others', async () => {
      const res = await adminApi().patch('/admin/lotteries/xx_patch', {
        name: 'Patched',
        country: 'BE',
        timezone: 'Europe/Brussels',
        drawOrder: false,
        source: null,
        tag: 'xx_patch',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...KENO_VIEW,
        tag: 'xx_patch',
        name: 'Patched',
        country: 'BE',
        timezone: 'Europe/Brussels',
        drawOrder: false,
        source: null,
      });
      expect((await api.get('/lottery/xx_patch', { token })).body.name).toBe('Patched');
    });

    it('sets the provenance, which administrators see and clients do not; a patch without it keeps it', async () => {
      const provenanceOf = async () => {
        // Pages of the list, in tag order, until xx_patch (the other tests create lotteries too).
        for (let offset = 0; ;) {
          const page = (await api.get(`/admin/lotteries?offset=${offset}`, { jwt: admin.jwt })).body;
          const found = page.lotteries.find((lottery: { tag: string }) => lottery.tag === 'xx_patch');
          if (found !== undefined) return found.provenance;
          if (!page.more) throw new Error('xx_patch is not listed');
          offset += page.limit;
        }
      };
      expect(await provenanceOf()).toBeNull();
      const set = await adminApi().patch('/admin/lotteries/xx_patch', {
        provenance: 'Our own import of the operator’s PDF archive, 2026-11',
      });
      expect(set.status).toBe(200);
      expect(set.body).not.toHaveProperty('provenance');
      expect(await provenanceOf()).toBe('Our own import of the operator’s PDF archive, 2026-11');
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { name: 'Patched' })).status).toBe(200);
      expect(await provenanceOf()).toBe('Our own import of the operator’s PDF archive, 2026-11');
      expect((await api.get('/lottery/xx_patch', { token })).body).not.toHaveProperty('provenance');
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { provenance: 7 })).body).toEqual(
        errorBody.badRequest(
          Messages.invalidField('provenance', 'a non-empty text of at most 2000 characters'),
        ),
      );
    });

    it('sets the operator and terms, served to every client; a patch without them keeps them; null clears', async () => {
      const set = await adminApi().patch('/admin/lotteries/xx_patch', {
        operator: 'Loterie Nationale',
        terms: 'CC BY 4.0 (the operator’s open data)',
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        operator: 'Loterie Nationale',
        terms: 'CC BY 4.0 (the operator’s open data)',
      });
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { name: 'Patched' })).status).toBe(200);
      expect((await api.get('/lottery/xx_patch', { token })).body).toMatchObject({
        operator: 'Loterie Nationale',
        terms: 'CC BY 4.0 (the operator’s open data)',
      });
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { terms: null })).body).toMatchObject({
        operator: 'Loterie Nationale',
        terms: null,
      });
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { operator: 7 })).body).toEqual(
        errorBody.badRequest(Messages.invalidField('operator', 'a non-empty text of at most 200 characters')),
      );
      expect((await adminApi().patch('/admin/lotteries/xx_patch', { terms: 'x'.repeat(501) })).body).toEqual(
        errorBody.badRequest(Messages.invalidField('terms', 'a non-empty text of at most 500 characters')),
      );
      // Back as created, for the tests after this one.
      await adminApi().patch('/admin/lotteries/xx_patch', { operator: null });
    });

    it('replaces the groups of the era in force today, or the whole history', async () => {
      const groups = await adminApi().patch('/admin/lotteries/xx_patch', {
        main: { count: 4, min: 1, max: 30 },
        special: null,
      });
      expect(groups.body).toMatchObject({
        main: { count: 4, min: 1, max: 30, distinct: true },
        special: null,
        rules: [{ from: '1800-01-01', main: { count: 4, min: 1, max: 30, distinct: true }, special: null }],
      });
      const history = await adminApi().patch('/admin/lotteries/xx_patch', {
        rules: [
          { from: '1990-01-01', main: { count: 4, min: 1, max: 30 } },
          { from: '2020-01-01', main: { count: 5, min: 1, max: 30 }, special: { count: 1, min: 1, max: 5 } },
        ],
        special: { count: 1, min: 1, max: 6, name: 'Chance' },
      });
      expect(history.status).toBe(200);
      expect(history.body).toMatchObject({
        main: { count: 5, min: 1, max: 30, distinct: true },
        special: { count: 1, min: 1, max: 6, distinct: true, name: 'Chance' },
        rules: [
          { from: '1990-01-01', main: { count: 4, min: 1, max: 30, distinct: true }, special: null },
          {
            from: '2020-01-01',
            main: { count: 5, min: 1, max: 30, distinct: true },
            special: { count: 1, min: 1, max: 6, distinct: true },
          },
        ],
      });
    });

    it('refuses rule changes that an existing draw would no longer fit, naming the first one', async () => {
      const res = await adminApi().patch('/admin/lotteries/us_powerball', {
        main: { count: 5, min: 1, max: 59 },
      });
      expect(res).toMatchObject({
        status: 400,
        body: errorBody.badRequest(
          Messages.rulesBreakDraw(
            '2015-10-10',
            'Main number 68 is out of range 1-59 for draws from 2015-10-07.',
          ),
        ),
      });
      const unchanged = await api.get('/lottery/us_powerball', { token });
      expect(unchanged.body.main).toEqual({ count: 5, min: 1, max: 69, distinct: true });

      const renamed = await adminApi().patch('/admin/lotteries/us_powerball', {
        special: { count: 1, min: 1, max: 26, name: 'Red Ball' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.special).toEqual({
        count: 1,
        min: 1,
        max: 26,
        distinct: true,
        pool: 'own',
        name: 'Red Ball',
      });
      expect(renamed.body.draws).toEqual({ count: 3261, first: '1997-11-01', last: '2026-08-05' });

      const startLater = await adminApi().patch('/admin/lotteries/us_powerball', {
        rules: [
          { from: '2015-10-07', main: { count: 5, min: 1, max: 69 }, special: { count: 1, min: 1, max: 26 } },
        ],
      });
      expect(startLater).toMatchObject({
        status: 400,
        body: errorBody.badRequest(
          Messages.rulesBreakDraw('1997-11-01', 'No rules are in force on 1997-11-01.'),
        ),
      });
    });

    it.each([
      ['a new tag', { tag: 'xx_other' }, errorBody.badRequest(Messages.lotteryTagImmutable)],
      [
        'a null name',
        { name: null },
        errorBody.badRequest(Messages.invalidField('name', 'a non-empty text of at most 100 characters')),
      ],
      [
        'an unknown time zone',
        { timezone: 'Nowhere' },
        errorBody.badRequest(Messages.invalidField('timezone', "an IANA time zone such as 'Europe/Paris'")),
      ],
      [
        'a bad main group',
        { main: { count: 2, min: 1 } },
        errorBody.badRequest(
          Messages.invalidFieldProblem('main', 'max must be a whole number, got undefined.'),
        ),
      ],
      [
        'a null drawOrder',
        { drawOrder: null },
        errorBody.badRequest(Messages.invalidField('drawOrder', 'true or false')),
      ],
    ])('refuses %s', async (_label, body, error) => {
      expect(await adminApi().patch('/admin/lotteries/xx_patch', body)).toMatchObject({
        status: 400,
        body: error,
      });
    });

    it('answers 404 for an unknown lottery and 400 for a blank tag', async () => {
      expect(await adminApi().patch('/admin/lotteries/no_such', { name: 'x' })).toMatchObject({
        status: 404,
        body: LOTTERY_NOT_FOUND,
      });
      expect(await adminApi().patch('/admin/lotteries/%20', { name: 'x' })).toMatchObject({
        status: 400,
        body: TAG_EMPTY,
      });
    });
  });

  describe('draw calendars: schedule, nextDraw and freshness', () => {
    // Draws every day at 00:00 UTC, so that "today" has always had its draw when the test runs.
    const daily = (publicationWindowMinutes: number) => ({
      publicationWindowMinutes,
      eras: [
        {
          from: '2020-01-01',
          timezone: 'Etc/UTC',
          weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          time: '00:00',
        },
      ],
    });
    const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const lottery = async (tag: string) => (await api.get(`/lottery/${tag}`, { token })).body;

    it('derives the next draw and the freshness from the schedule, as draws are written', async () => {
      const created = await adminApi().post('/admin/lotteries', {
        ...KENO,
        tag: 'xx_daily',
        schedule: daily(7 * 24 * 60),
      });
      expect(created.status).toBe(201);
      expect(created.body.schedule).toEqual(daily(7 * 24 * 60));
      expect(created.body.nextDraw).toEqual({ date: dayOffset(1), at: `${dayOffset(1)}T00:00:00+00:00` });
      // Nothing stored: stale since the schedule's first draw.
      expect(created.body.freshness).toMatchObject({
        lastDraw: null,
        expectedLastDraw: dayOffset(0),
        status: 'stale',
      });

      expect(
        (
          await adminApi().put(`/admin/lotteries/xx_daily/draws/${dayOffset(-1)}`, {
            main: [1, 2, 3],
            special: [1],
          })
        ).status,
      ).toBe(201);
      // Only today's draw is missing, inside its (week-long) publication window.
      expect((await lottery('xx_daily')).freshness).toEqual({
        lastDraw: dayOffset(-1),
        expectedLastDraw: dayOffset(0),
        status: 'awaiting',
        hoursBehind: expect.any(Number),
      });

      expect(
        (
          await adminApi().put(`/admin/lotteries/xx_daily/draws/${dayOffset(0)}`, {
            main: [4, 5, 6],
            special: [2],
          })
        ).status,
      ).toBe(201);
      expect((await lottery('xx_daily')).freshness).toEqual({
        lastDraw: dayOffset(0),
        expectedLastDraw: dayOffset(0),
        status: 'current',
        hoursBehind: 0,
      });
    });

    it('counts a draw missing past its window as stale, and a schedule can be edited or removed', async () => {
      await adminApi().post('/admin/lotteries', { ...KENO, tag: 'xx_window', schedule: daily(0) });
      await adminApi().put(`/admin/lotteries/xx_window/draws/${dayOffset(-1)}`, {
        main: [1, 2, 3],
        special: [1],
      });
      // Today's 00:00 draw is missing and a window of 0 minutes has passed.
      const stale = (await lottery('xx_window')).freshness;
      expect(stale).toMatchObject({
        lastDraw: dayOffset(-1),
        expectedLastDraw: dayOffset(0),
        status: 'stale',
      });
      const sinceMidnight = (Date.now() - Date.parse(`${dayOffset(0)}T00:00:00Z`)) / 3_600_000;
      expect(Math.abs(stale.hoursBehind - sinceMidnight)).toBeLessThan(0.2);

      const patched = await adminApi().patch('/admin/lotteries/xx_window', { schedule: daily(3 * 24 * 60) });
      expect(patched.status).toBe(200);
      expect(patched.body.freshness.status).toBe('awaiting');
      expect((await lottery('xx_window')).freshness.status).toBe('awaiting');

      const removed = await adminApi().patch('/admin/lotteries/xx_window', { schedule: null });
      expect(removed.body).toMatchObject({ schedule: null, nextDraw: null, freshness: null });
    });

    it.each([
      [
        { publicationWindowMinutes: 60 },
        Messages.invalidFieldProblem('schedule', 'eras must be a list of 1 to 50 eras'),
      ],
      ['daily', Messages.invalidField('schedule', 'an object {publicationWindowMinutes, eras}, or null')],
      [
        {
          publicationWindowMinutes: 60,
          eras: [{ from: '2020-01-01', timezone: 'UTC', weekdays: ['monday'], time: '10:00' }],
        },
        Messages.invalidFieldProblem(
          'schedule',
          "eras[0]: timezone must be an IANA zone such as 'Europe/Paris'",
        ),
      ],
    ])('refuses the schedule %j with a 400 naming the problem', async (schedule, message) => {
      const res = await adminApi().post('/admin/lotteries', { ...KENO, tag: 'xx_badschedule', schedule });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(message));
    });
  });

  describe('PUT and DELETE /admin/lotteries/{tag}/draws/{date}', () => {
    beforeAll(async () => {
      await adminApi().post('/admin/lotteries', { ...KENO, tag: 'xx_draws' });
    });
    const path = (date: string, tag = 'xx_draws') => `/admin/lotteries/${tag}/draws/${date}`;

    it('creates (201), then replaces (200) a draw, kept in draw order', async () => {
      const created = await adminApi().put(path('2024-05-01'), { main: [20, 3, 7], special: [2] });
      expect(created).toMatchObject({ status: 201, body: drawOf('2024-05-01', [20, 3, 7], [2]) });
      const replaced = await adminApi().put(path('2024-05-01'), { main: [9, 1, 14], special: [5] });
      expect(replaced).toMatchObject({ status: 200, body: drawOf('2024-05-01', [9, 1, 14], [5]) });
      const same = await adminApi().put(path('2024-05-01'), { main: [9, 1, 14], special: [5] });
      expect(same.status).toBe(200);

      expect((await api.get('/lottery/xx_draws/draw/2024-05-01/numbers', { token })).body).toEqual(
        drawOf('2024-05-01', [9, 1, 14], [5]),
      );
      expect(
        (await api.get('/lottery/xx_draws/draw/latest/numbers?sort_number=true', { token })).body,
      ).toEqual({
        date: '2024-05-01',
        numbers: [
          { special: false, order: 1, value: 1 },
          { special: false, order: 0, value: 9 },
          { special: false, order: 2, value: 14 },
          { special: true, order: 0, value: 5 },
        ],
      });
      expect((await api.get('/lottery/xx_draws', { token })).body.draws).toEqual({
        count: 1,
        first: '2024-05-01',
        last: '2024-05-01',
      });
    });

    it.each([
      [{ main: [1, 2], special: [1] }, 'Expected 3 main numbers on 2024-05-02, got 2.'],
      [{ main: [1, 1, 2], special: [1] }, 'Main number 1 is repeated.'],
      [{ main: [1, 2, 21], special: [1] }, 'Main number 21 is out of range 1-20 for draws from 1800-01-01.'],
      [{ main: [1, 2, 3] }, 'Expected 1 special number on 2024-05-02, got 0.'],
      [{ main: [1, 2, 3], special: [0] }, 'Special number 0 is out of range 1-5 for draws from 1800-01-01.'],
      [{ main: 'x', special: [1] }, Messages.invalidField('main', 'an array of whole numbers')],
      [{ main: [1.5, 2, 3], special: [1] }, Messages.invalidField('main', 'an array of whole numbers')],
      [{ special: [1] }, Messages.invalidField('main', 'an array of whole numbers')],
      [{ main: [1, 2, 3], special: ['1'] }, Messages.invalidField('special', 'an array of whole numbers')],
    ])('refuses %j, writing nothing', async (body, message) => {
      expect(await adminApi().put(path('2024-05-02'), body)).toMatchObject({
        status: 400,
        body: errorBody.badRequest(message),
      });
      expect((await api.get('/lottery/xx_draws/draw/2024-05-02/numbers', { token })).status).toBe(404);
    });

    it('validates against the era in force on the date', async () => {
      expect(
        await adminApi().put(path('2015-10-06', 'us_powerball'), { main: [1, 2, 3, 4, 69], special: [1] }),
      ).toMatchObject({
        status: 400,
        body: errorBody.badRequest('Main number 69 is out of range 1-59 for draws from 2012-01-18.'),
      });
      expect(
        await adminApi().put(path('1990-01-06', 'us_powerball'), { main: [1, 2, 3, 4, 5], special: [1] }),
      ).toMatchObject({ status: 400, body: errorBody.badRequest('No rules are in force on 1990-01-06.') });
      const added = await adminApi().put(path('2026-08-08', 'us_powerball'), {
        main: [69, 1, 2, 3, 4],
        special: [26],
      });
      expect(added).toMatchObject({ status: 201, body: drawOf('2026-08-08', [69, 1, 2, 3, 4], [26]) });
      expect((await api.get('/lottery/us_powerball/draw/latest/numbers', { token })).body).toEqual(
        added.body,
      );
      expect((await adminApi().delete(path('2026-08-08', 'us_powerball'))).status).toBe(204);
    });

    it('checks the path before the lottery', async () => {
      const body = { main: [1, 2, 3], special: [1] };
      expect(await adminApi().put(path('2024-02-30'), body)).toMatchObject({
        status: 400,
        body: BAD_DRAW_DATE,
      });
      expect(await adminApi().put(path('1799-12-31', 'no_such'), body)).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
      expect(await adminApi().put(path('2024-05-01', '%20'), body)).toMatchObject({
        status: 400,
        body: TAG_EMPTY,
      });
      expect(await adminApi().put(path('2024-05-01', 'no_such'), body)).toMatchObject({
        status: 404,
        body: LOTTERY_NOT_FOUND,
      });
    });

    it('deletes a draw (204), then answers 404', async () => {
      await adminApi().put(path('2024-06-01'), { main: [1, 2, 3], special: [1] });
      const deleted = await adminApi().delete(path('2024-06-01'));
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect(await api.get('/lottery/xx_draws/draw/2024-06-01/numbers', { token })).toMatchObject({
        status: 404,
        body: NO_DRAWS,
      });
      expect(await adminApi().delete(path('2024-06-01'))).toMatchObject({ status: 404, body: NO_DRAWS });
      expect(await adminApi().delete(path('2024-06-01', 'no_such'))).toMatchObject({
        status: 404,
        body: LOTTERY_NOT_FOUND,
      });
      expect(await adminApi().delete(path('2024-13-01'))).toMatchObject({ status: 400, body: BAD_DRAW_DATE });
    });

    it('refuses a rule change the stored draws would break', async () => {
      await adminApi().put(path('2024-07-01'), { main: [1, 2, 19], special: [4] });
      expect(
        await adminApi().patch('/admin/lotteries/xx_draws', { main: { count: 3, min: 1, max: 18 } }),
      ).toMatchObject({
        status: 400,
        body: errorBody.badRequest(
          Messages.rulesBreakDraw(
            '2024-07-01',
            'Main number 19 is out of range 1-18 for draws from 1800-01-01.',
          ),
        ),
      });
    });
  });
});
