import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';
import { bundleFigures } from './support/bundle';

// The contract's error bodies (spec sections 1, 2 and 5).
const LOTTERY_NOT_FOUND = errorBody.notFound(Messages.lotteryNotFound);
const TAG_EMPTY = errorBody.badRequest(Messages.lotteryTagEmpty);

const BUNDLE = bundleFigures();
/** The bundled tags in the API's order, and how many fit on a page of 15. */
const BUNDLED_TAGS = BUNDLE.tags;
const N = BUNDLE.lotteries;
const manifest = JSON.parse(readFileSync(join(__dirname, '../data/draws/lotteries.json'), 'utf8')) as {
  tag: string;
  name: string;
  country: string;
  operator: string;
  terms: string;
  rules: unknown[];
  schedule: unknown;
  retiredOn?: string;
}[];

describe('lottery catalogue routes', () => {
  let app: TestApp;
  let api: Http;
  let token: string;
  let jwt: string;

  beforeAll(async () => {
    let admin: { jwt: string };
    ({ app, api, token, admin } = await withTokenHolder());
    jwt = admin.jwt;
  });
  afterAll(() => app.close());

  const get = (path: string) => api.get(path, { token });
  const tagsOf = (body: { lotteries?: { tag: string }[] }) => (body.lotteries ?? []).map((l) => l.tag);

  describe('GET /lotteries and GET /lottery', () => {
    it('lists every lottery ordered by tag in the envelope, on both paths', async () => {
      for (const path of ['/lotteries', '/lottery']) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['limit', 'lotteries', 'more', 'offset', 'total']);
        expect(res.body).toMatchObject({ limit: 15, offset: 0, more: N > 15, total: N });
        expect(res.body.lotteries.map((l: { tag: string }) => l.tag)).toEqual(BUNDLED_TAGS.slice(0, 15));
        // Each bundled lottery names its operator and the terms of its shipped source, as the bundle does.
        for (const lottery of res.body.lotteries as { tag: string; operator: string; terms: string }[]) {
          const bundled = manifest.find((l) => l.tag === lottery.tag);
          expect([lottery.tag, lottery.operator, lottery.terms]).toEqual([
            lottery.tag,
            bundled?.operator,
            bundled?.terms,
          ]);
        }
      }
    });

    it('pages with limit and offset, capping the limit at 15', async () => {
      const page = await get('/lotteries?limit=5&offset=10');
      expect(page.body).toMatchObject({ limit: 5, offset: 10, more: N > 15, total: N });
      expect(page.body.lotteries.map((l: { tag: string }) => l.tag)).toEqual(BUNDLED_TAGS.slice(10, 15));

      const first = await get('/lottery?limit=2');
      expect(first.body).toMatchObject({ limit: 2, offset: 0, more: true, total: N });
      expect(first.body.lotteries.map((l: { tag: string }) => l.tag)).toEqual(BUNDLED_TAGS.slice(0, 2));

      const capped = await get('/lotteries?limit=100');
      expect(capped.body).toMatchObject({ limit: 15, offset: 0, more: N > 15, total: N });

      const beyond = await get(`/lotteries?offset=${N + 7}`);
      expect(beyond.body).toEqual({ lotteries: [], limit: 15, offset: N + 7, more: false, total: N });
    });

    it('omits the list key with limit=0', async () => {
      expect((await get('/lotteries?limit=0')).body).toEqual({ limit: 0, offset: 0, more: true, total: N });
      expect((await get(`/lottery?limit=0&offset=${N}`)).body).toEqual({
        limit: 0,
        offset: N,
        more: false,
        total: N,
      });
    });

    it.each([
      ['limit=-1', Messages.invalidField('limit', 'a non-negative integer')],
      ['limit=abc', Messages.invalidField('limit', 'a non-negative integer')],
      ['limit=1.5', Messages.invalidField('limit', 'a non-negative integer')],
      ['offset=-3', Messages.invalidField('offset', 'a non-negative integer')],
      ['offset=', Messages.invalidField('offset', 'a non-negative integer')],
      ['offset=2147483648', Messages.invalidField('offset', 'a non-negative integer up to 2147483647')],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      for (const path of ['/lotteries', '/lottery']) {
        const res = await get(`${path}?${query}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(errorBody.badRequest(message));
      }
    });

    it('needs an API token', async () => {
      expect((await api.get('/lotteries')).status).toBe(401);
      expect((await api.get('/lottery/us_powerball')).status).toBe(401);
    });
  });

  describe('GET /lotteries/directory (public)', () => {
    it('names every lottery, by tag, to anyone: no token, and no unit of quota spent', async () => {
      const res = await api.get('/lotteries/directory');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ limit: 15, offset: 0, more: N > 15, total: N });
      expect(res.body.lotteries.map((l: { tag: string }) => l.tag)).toEqual(BUNDLED_TAGS.slice(0, 15));
      expect(res.body.lotteries[0]).toEqual({
        tag: 'at_lotto',
        name: 'Lotto 6 aus 45',
        country: 'AT',
        status: 'active',
      });
      // Not metered: no quota or rate-limit headers (those are a metered answer's).
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      expect(res.headers.get('x-quota-remaining')).toBeNull();
    });

    it('pages like the metered list and refuses a bad limit with the contract body', async () => {
      const page = await api.get(`/lotteries/directory?limit=2&offset=${N - 1}`);
      expect(page.body).toMatchObject({ limit: 2, offset: N - 1, more: false, total: N });
      expect(page.body.lotteries).toHaveLength(1);
      const bad = await api.get('/lotteries/directory?limit=-1');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 401, error: 'Bad Request' });
    });
  });

  describe('GET /lottery/{tag}', () => {
    it('shows a lottery with its current rules, rule history and draw figures', async () => {
      const res = await get('/lottery/us_powerball');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        tag: 'us_powerball',
        name: 'Powerball',
        country: 'US',
        timezone: 'America/New_York',
        main: { count: 5, min: 1, max: 69, distinct: true },
        special: { count: 1, min: 1, max: 26, distinct: true, pool: 'own', name: 'Powerball' },
        draws: { count: 3261, first: '1997-11-01', last: '2026-08-05' },
        status: 'active',
        rules: manifest.find((l) => l.tag === 'us_powerball')?.rules,
        drawOrder: false,
        // The authority for the results: the operator's publication, not the mirror the history was read from.
        source: expect.stringContaining('Multi-State Lottery Association'),
        operator: 'Multi-State Lottery Association',
        terms: 'Open NY terms (data.ny.gov)',
        schedule: manifest.find((l) => l.tag === 'us_powerball')?.schedule,
        nextDraw: { date: expect.any(String), at: expect.any(String) },
        freshness: {
          lastDraw: '2026-08-05',
          expectedLastDraw: expect.any(String),
          status: 'stale',
          hoursBehind: expect.any(Number),
        },
      });
      // Powerball draws on Monday, Wednesday and Saturday at 22:59 in New York.
      const { nextDraw, freshness } = res.body;
      const drawDays = [1, 3, 6];
      expect(drawDays).toContain(new Date(`${nextDraw.date}T12:00:00Z`).getUTCDay());
      expect(nextDraw.at).toMatch(new RegExp(`^${nextDraw.date}T22:59:00-0[45]:00$`));
      expect(Date.parse(nextDraw.at)).toBeGreaterThan(Date.now());
      expect(Date.parse(nextDraw.at)).toBeLessThan(Date.now() + 3 * 86_400_000);
      expect(drawDays).toContain(new Date(`${freshness.expectedLastDraw}T12:00:00Z`).getUTCDay());
      expect(freshness.expectedLastDraw > '2026-08-05').toBe(true);
      const sinceFirstMissing = (Date.now() - Date.parse('2026-08-08T22:59:00-04:00')) / 3_600_000;
      expect(Math.abs(freshness.hoursBehind - sinceFirstMissing)).toBeLessThan(0.2);
      expect(res.body.rules.map((era: { from: string }) => era.from)).toEqual([
        '1997-11-01',
        '2002-10-09',
        '2005-08-31',
        '2009-01-07',
        '2012-01-18',
        '2015-10-07',
      ]);
    });

    it('shows the rules in force today and non-distinct groups', async () => {
      const superEnalotto = await get('/lottery/it_superenalotto');
      expect(superEnalotto.body).toMatchObject({
        main: { count: 6, min: 1, max: 90, distinct: true },
        special: { count: 2, min: 1, max: 90, distinct: false, name: 'Jolly, SuperStar' },
        drawOrder: false,
      });
      const germanLotto = await get('/lottery/de_lotto');
      expect(germanLotto.body).toMatchObject({
        main: { count: 6, min: 1, max: 49, distinct: true },
        special: { count: 1, min: 0, max: 9, distinct: true, name: 'Superzahl' },
        draws: { count: 5031, first: '1955-10-09', last: '2026-07-22' },
      });
      expect(germanLotto.body.rules[0].special).toBeNull();
    });

    it('answers 404 for an unknown tag', async () => {
      expect(await get('/lottery/no_such_lottery')).toMatchObject({ status: 404, body: LOTTERY_NOT_FOUND });
    });

    it('answers 400 for a blank or empty tag', async () => {
      expect(await get('/lottery/%20')).toMatchObject({ status: 400, body: TAG_EMPTY });
      expect(await get('/lottery/%20%20/')).toMatchObject({ status: 400, body: TAG_EMPTY });
    });
  });

  describe('filters of the list: country, q, status', () => {
    /** What the bundle says should match: every word in the name or the tag, case-insensitively. */
    const expectedFor = (words: string[]) =>
      manifest
        .filter((l) => words.every((w) => `${l.name} ${l.tag}`.toLowerCase().includes(w)))
        .map((l) => l.tag)
        .sort();

    it('country keeps the lotteries of that country, in any case, on the list, the seed path and the directory', async () => {
      const us = manifest
        .filter((l) => l.country === 'US')
        .map((l) => l.tag)
        .sort();
      expect(us.length).toBeGreaterThan(1);
      for (const path of ['/lotteries?country=us', '/lottery?country=US']) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(tagsOf(res.body)).toEqual(us);
        expect(res.body).toMatchObject({ total: us.length, more: false });
      }
      const directory = await api.get('/lotteries/directory?country=Us');
      expect(tagsOf(directory.body)).toEqual(us);
      expect(tagsOf((await get('/lotteries?country=zz')).body)).toEqual([]);
    });

    it('q keeps the lotteries whose name or tag holds every word, and pages the filtered set', async () => {
      for (const q of ['lotto', 'LOTTO', 'euro millions', ' au  lotto ', 'powerball']) {
        const words = q.toLowerCase().split(/\s+/).filter(Boolean);
        const res = await get(`/lotteries?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(tagsOf(res.body)).toEqual(expectedFor(words).slice(0, 15));
        expect(res.body.total).toBe(expectedFor(words).length);
      }
      expect(expectedFor(['euro', 'millions'])).toEqual(['eu_euromillions']);
      const lotto = expectedFor(['lotto']);
      const page = await get('/lotteries?q=lotto&limit=2&offset=1');
      expect(page.body).toMatchObject({ limit: 2, offset: 1, total: lotto.length, more: lotto.length > 3 });
      expect(tagsOf(page.body)).toEqual(lotto.slice(1, 3));
      const combined = await get('/lotteries?q=lotto&country=AU');
      expect(tagsOf(combined.body)).toEqual(
        manifest
          .filter((l) => l.country === 'AU' && `${l.name} ${l.tag}`.toLowerCase().includes('lotto'))
          .map((l) => l.tag)
          .sort(),
      );
    });

    it('status keeps the games still drawn or those that have ended', async () => {
      // The bundle's games that have ended carry retiredOn in lotteries.json (Cash4Life, 2026-02-21).
      const retired = manifest.filter((l) => l.retiredOn !== undefined).map((l) => l.tag);
      expect(retired.length).toBeGreaterThan(0);
      expect(tagsOf((await get('/lotteries?status=active&limit=0')).body)).toEqual([]);
      expect((await get('/lotteries?status=active&limit=0')).body.total).toBe(
        manifest.length - retired.length,
      );
      expect(tagsOf((await get('/lotteries?status=Retired')).body)).toEqual(retired.sort());
    });

    it.each([
      ['status=done', 'status', "'active' or 'retired'"],
      ['status=', 'status', "'active' or 'retired'"],
      ['country=USA', 'country', 'a two-letter code (ISO 3166-1 alpha-2, or EU for multi-national games)'],
      [
        'country=US&country=FR',
        'country',
        'a two-letter code (ISO 3166-1 alpha-2, or EU for multi-national games)',
      ],
      [`q=${'x'.repeat(101)}`, 'q', 'words of a lottery name or tag, at most 100 characters'],
    ])('refuses %s with the contract body naming the field', async (query, field, expected) => {
      for (const path of [`/lotteries?${query}`, `/lotteries/directory?${query}`]) {
        const res = await api.get(path, { token });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(errorBody.badRequest(Messages.invalidField(field, expected)));
      }
    });
  });

  describe('a game that has ended (status retired)', () => {
    const TAG = 'xx_ended';
    const schedule = {
      publicationWindowMinutes: 120,
      eras: [{ from: '2020-01-01', timezone: 'Europe/Paris', weekdays: ['monday'], time: '20:00' }],
    };

    it('keeps its history, has no next draw, is never stale, and can be played again', async () => {
      const created = await api.post('/admin/lotteries', {
        jwt,
        body: {
          tag: TAG,
          name: 'Ended Game',
          country: 'XX',
          timezone: 'UTC',
          main: { count: 3, min: 1, max: 9 },
          schedule,
          retiredOn: '2021-01-04',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'retired', retiredOn: '2021-01-04' });
      const put = await api.put(`/admin/lotteries/${TAG}/draws/2021-01-04`, {
        jwt,
        body: { main: [1, 2, 3] },
      });
      expect(put.status).toBe(201);

      const lottery = await get(`/lottery/${TAG}`);
      expect(lottery.body).toMatchObject({ status: 'retired', retiredOn: '2021-01-04' });
      expect(lottery.body).not.toHaveProperty('nextDraw');
      expect(lottery.body.freshness).toEqual({
        lastDraw: '2021-01-04',
        expectedLastDraw: '2021-01-04',
        status: 'current',
        hoursBehind: 0,
      });
      const latest = await get(`/lottery/${TAG}/draw/latest/numbers`);
      expect(latest.status).toBe(200);
      expect(latest.headers.get('x-lottery-freshness')).toMatch(/^status=current, .*retired="2021-01-04"/);

      const bundledRetired = manifest.filter((l) => l.retiredOn !== undefined).map((l) => l.tag);
      expect(tagsOf((await get('/lotteries?status=retired')).body)).toEqual([...bundledRetired, TAG].sort());
      expect(tagsOf((await get('/lotteries?status=active')).body)).not.toContain(TAG);
      const directory = await api.get(`/lotteries/directory?q=ended`);
      expect(directory.body.lotteries).toEqual([
        { tag: TAG, name: 'Ended Game', country: 'XX', status: 'retired' },
      ]);

      const bad = await api.patch(`/admin/lotteries/${TAG}`, { jwt, body: { retiredOn: '2021-02-30' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(
        errorBody.badRequest(
          Messages.invalidField('retiredOn', "a date 'YYYY-MM-DD' from 1800-01-01, or null"),
        ),
      );

      // Played again: a schedule's next draw, and the weeks since its last draw are missing.
      const revived = await api.patch(`/admin/lotteries/${TAG}`, { jwt, body: { retiredOn: null } });
      expect(revived.status).toBe(200);
      const again = await get(`/lottery/${TAG}`);
      expect(again.body).toMatchObject({ status: 'active', freshness: { status: 'stale' } });
      expect(again.body).not.toHaveProperty('retiredOn');
      expect(again.body.nextDraw).toEqual({ date: expect.any(String), at: expect.any(String) });
    });
  });
});
