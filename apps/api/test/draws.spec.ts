import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

// The contract's error bodies (spec sections 2 and 5).
const LOTTERY_NOT_FOUND = errorBody.notFound(Messages.lotteryNotFound);
const NO_DRAWS = errorBody.notFound(Messages.drawNotFound);
const TAG_EMPTY = errorBody.badRequest(Messages.lotteryTagEmpty);
const BAD_DRAW_DATE = errorBody.badRequest(Messages.invalidDrawDate);
const TOO_EARLY = errorBody.badRequest(Messages.drawDateTooEarly);
const BAD_SORT = errorBody.badRequest(
  Messages.invalidField('sort_number', 'true, false, 1, 0, yes, no, asc or desc'),
);

const main = (values: number[], orders = values.map((_, i) => i)) =>
  values.map((value, i) => ({ special: false, order: orders[i], value }));
const special = (values: number[], orders = values.map((_, i) => i)) =>
  values.map((value, i) => ({ special: true, order: orders[i], value }));

// eu_euromillions keeps draw order; its CSV line is `2024-01-02,7 18 49 46 15,12 10`.
const EURO_2024_01_02 = { date: '2024-01-02', numbers: [...main([7, 18, 49, 46, 15]), ...special([12, 10])] };
const EURO_2024_01_02_SORTED = {
  date: '2024-01-02',
  numbers: [...main([7, 15, 18, 46, 49], [0, 4, 1, 3, 2]), ...special([10, 12], [1, 0])],
};
const EURO_2024_01_02_DESC = {
  date: '2024-01-02',
  numbers: [...main([49, 46, 18, 15, 7], [2, 3, 1, 4, 0]), ...special([12, 10], [0, 1])],
};
// us_powerball's last CSV line: `2026-08-05,14 20 59 60 61,25`.
const POWERBALL_LATEST = { date: '2026-08-05', numbers: [...main([14, 20, 59, 60, 61]), ...special([25])] };
const POWERBALL_TOTAL = 3261;
const EURO_JANUARY_2024 = [
  '2024-01-30',
  '2024-01-26',
  '2024-01-23',
  '2024-01-19',
  '2024-01-16',
  '2024-01-12',
  '2024-01-09',
  '2024-01-05',
  '2024-01-02',
];

describe('draw routes', () => {
  let app: TestApp;
  let api: Http;
  let token: string;
  let admin: { jwt: string };

  beforeAll(async () => {
    ({ app, api, admin, token } = await withTokenHolder());
    const created = await api.post('/admin/lotteries', {
      jwt: admin.jwt,
      body: {
        tag: 'xx_empty',
        name: 'Empty',
        country: 'XX',
        timezone: 'UTC',
        main: { count: 3, min: 1, max: 9 },
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => app.close());

  const get = (path: string) => api.get(path, { token });
  const dates = (draws: { date: string }[]) => draws.map((d) => d.date);

  describe('GET /lottery/{tag}/draw/numbers (bare array)', () => {
    it('returns 15 draws newest first, with the page figures as headers', async () => {
      const res = await get('/lottery/us_powerball/draw/numbers');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(15);
      expect(res.body[0]).toEqual(POWERBALL_LATEST);
      expect(dates(res.body).slice(0, 3)).toEqual(['2026-08-05', '2026-08-03', '2026-08-01']);
      expect(dates(res.body)).toEqual([...dates(res.body)].sort().reverse());
      expect(res.headers.get('x-total-count')).toBe(String(POWERBALL_TOTAL));
      expect(res.headers.get('x-limit')).toBe('15');
      expect(res.headers.get('x-offset')).toBe('0');
      expect(res.headers.get('x-more')).toBe('true');
    });

    it('pages to the oldest draw', async () => {
      const res = await get(`/lottery/us_powerball/draw/numbers?limit=5&offset=${POWERBALL_TOTAL - 2}`);
      expect(dates(res.body)).toEqual(['1997-11-05', '1997-11-01']);
      expect(res.body[1]).toEqual({
        date: '1997-11-01',
        numbers: [...main([22, 25, 28, 33, 37]), ...special([20])],
      });
      expect(res.headers.get('x-limit')).toBe('5');
      expect(res.headers.get('x-offset')).toBe(String(POWERBALL_TOTAL - 2));
      expect(res.headers.get('x-more')).toBe('false');
    });

    it('caps the limit at 15 and answers limit=0 with an empty array and the figures', async () => {
      const capped = await get('/lottery/us_powerball/draw/numbers?limit=50');
      expect(capped.body).toHaveLength(15);
      expect(capped.headers.get('x-limit')).toBe('15');
      const counts = await get('/lottery/us_powerball/draw/numbers?limit=0');
      expect(counts.body).toEqual([]);
      expect(counts.headers.get('x-limit')).toBe('0');
      expect(counts.headers.get('x-more')).toBe('true');
      expect(counts.headers.get('x-total-count')).toBe(String(POWERBALL_TOTAL));
    });

    it('filters with inclusive from/to bounds', async () => {
      const res = await get('/lottery/eu_euromillions/draw/numbers?from=2024-01-02&to=2024-01-30');
      expect(dates(res.body)).toEqual(EURO_JANUARY_2024);
      expect(res.headers.get('x-total-count')).toBe('9');
      expect(res.headers.get('x-more')).toBe('false');
      expect(res.body.at(-1)).toEqual(EURO_2024_01_02);

      const from = await get('/lottery/us_powerball/draw/numbers?from=2026-08-01');
      expect(dates(from.body)).toEqual(['2026-08-05', '2026-08-03', '2026-08-01']);
      const to = await get('/lottery/us_powerball/draw/numbers?to=1997-11-05&limit=0');
      expect(to.headers.get('x-total-count')).toBe('2');
    });

    it("answers from after to with the one 400 naming 'from', on every list (contract section 2)", async () => {
      const reversed = '?from=2020-01-02&to=2020-01-01';
      for (const [path, jwt] of [
        [`/lottery/us_powerball/draw/numbers${reversed}`, undefined],
        [`/lottery/us_powerball/draws${reversed}`, undefined],
        // Validation comes before the lottery (section 5, steps 8 and 9).
        [`/lottery/xx_unknown/draws${reversed}`, undefined],
        [`/admin/lotteries/us_powerball/draws${reversed}`, admin.jwt],
      ] as const) {
        const res = await api.get(path, jwt ? { jwt } : { token });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 400,
          body: errorBody.badRequest(Messages.fromAfterTo),
        });
      }
      // A malformed 'to' is named for what it is; one day is a range.
      expect((await get('/lottery/us_powerball/draws?from=2020-01-02&to=2020-13-01')).body).toEqual(
        errorBody.badRequest("Invalid 'to' value. Expected 'YYYY-MM-DD' format."),
      );
      expect((await get('/lottery/us_powerball/draws?from=2020-01-01&to=2020-01-01')).status).toBe(200);
    });

    it('lists a lottery without draws as empty', async () => {
      const res = await get('/lottery/xx_empty/draw/numbers');
      expect(res.body).toEqual([]);
      expect(res.headers.get('x-total-count')).toBe('0');
      expect(res.headers.get('x-more')).toBe('false');
    });
  });

  describe('sort_number', () => {
    it.each(['true', 'TRUE', '1', 'True', 'yes', 'asc', 'ASC'])(
      'sort_number=%s sorts each group by ascending value and keeps order',
      async (flag) => {
        const res = await get(`/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=${flag}`);
        expect(res.body).toEqual(EURO_2024_01_02_SORTED);
      },
    );

    it.each(['desc', 'DESC', 'Desc'])(
      'sort_number=%s sorts each group by descending value, main numbers still first',
      async (flag) => {
        const res = await get(`/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=${flag}`);
        expect(res.body).toEqual(EURO_2024_01_02_DESC);
      },
    );

    it.each(['false', 'FALSE', 'False', '0', 'no', 'NO'])(
      'sort_number=%s keeps the draw order',
      async (flag) => {
        const res = await get(`/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=${flag}`);
        expect(res.body).toEqual(EURO_2024_01_02);
      },
    );

    it('applies to the lists and to latest', async () => {
      const list = await get(
        '/lottery/eu_euromillions/draw/numbers?from=2024-01-02&to=2024-01-02&sort_number=1',
      );
      expect(list.body).toEqual([EURO_2024_01_02_SORTED]);
      const envelope = await get(
        '/lottery/eu_euromillions/draws?from=2024-01-02&to=2024-01-02&sort_number=true',
      );
      expect(envelope.body.draws).toEqual([EURO_2024_01_02_SORTED]);
      const latest = await get('/lottery/us_powerball/draw/latest/numbers?sort_number=true');
      expect(latest.body).toEqual(POWERBALL_LATEST);
    });

    it.each([
      '/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=descending',
      '/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=',
      '/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=2',
      '/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=true&sort_number=false',
      '/lottery/eu_euromillions/draw/latest/numbers?sort_number=on',
      '/lottery/eu_euromillions/draw/numbers?sort_number=n',
      '/lottery/eu_euromillions/draws?sort_number=-1',
    ])('refuses %s', async (path) => {
      expect(await get(path)).toMatchObject({ status: 400, body: BAD_SORT });
    });
  });

  describe('GET /lottery/{tag}/draw/latest/numbers and /draw/{date}/numbers', () => {
    it('returns the most recent draw', async () => {
      expect(await get('/lottery/us_powerball/draw/latest/numbers')).toMatchObject({
        status: 200,
        body: POWERBALL_LATEST,
      });
    });

    it('returns the draw of a date in draw order', async () => {
      expect(await get('/lottery/eu_euromillions/draw/2024-01-02/numbers')).toMatchObject({
        status: 200,
        body: EURO_2024_01_02,
      });
    });

    it('answers 404 when there is no draw', async () => {
      expect(await get('/lottery/xx_empty/draw/latest/numbers')).toMatchObject({
        status: 404,
        body: NO_DRAWS,
      });
      expect(await get('/lottery/eu_euromillions/draw/2024-01-03/numbers')).toMatchObject({
        status: 404,
        body: NO_DRAWS,
      });
    });
  });

  describe('GET /lottery/{tag}/draws (envelope)', () => {
    it('wraps the page in the envelope, newest first', async () => {
      const res = await get('/lottery/us_powerball/draws?limit=3');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        draws: [
          POWERBALL_LATEST,
          { date: '2026-08-03', numbers: [...main([8, 30, 41, 48, 54]), ...special([4])] },
          { date: '2026-08-01', numbers: [...main([6, 17, 27, 48, 50]), ...special([5])] },
        ],
        limit: 3,
        offset: 0,
        more: true,
        total: POWERBALL_TOTAL,
      });
    });

    it('defaults to 15, omits the list key with limit=0, and filters', async () => {
      const page = await get('/lottery/us_powerball/draws');
      expect(page.body).toMatchObject({ limit: 15, offset: 0, more: true, total: POWERBALL_TOTAL });
      expect(page.body.draws).toHaveLength(15);
      expect(await get('/lottery/us_powerball/draws?limit=0&offset=3261')).toMatchObject({
        body: { limit: 0, offset: 3261, more: false, total: POWERBALL_TOTAL },
      });
      expect((await get('/lottery/us_powerball/draws?limit=0')).body).toEqual({
        limit: 0,
        offset: 0,
        more: true,
        total: POWERBALL_TOTAL,
      });
      const january = await get('/lottery/eu_euromillions/draws?from=2024-01-01&to=2024-01-31&offset=7');
      expect(january.body).toEqual({
        draws: [expect.objectContaining({ date: '2024-01-05' }), EURO_2024_01_02],
        limit: 15,
        offset: 7,
        more: false,
        total: 9,
      });
      expect((await get('/lottery/xx_empty/draws')).body).toEqual({
        draws: [],
        limit: 15,
        offset: 0,
        more: false,
        total: 0,
      });
    });

    it.each([
      ['limit=x', Messages.invalidField('limit', 'a non-negative integer')],
      ['limit=-1', Messages.invalidField('limit', 'a non-negative integer')],
      ['offset=1.5', Messages.invalidField('offset', 'a non-negative integer')],
    ])('refuses %s on both lists', async (query, message) => {
      expect(await get(`/lottery/us_powerball/draws?${query}`)).toMatchObject({
        status: 400,
        body: errorBody.badRequest(message),
      });
      expect(await get(`/lottery/us_powerball/draw/numbers?${query}`)).toMatchObject({
        status: 400,
        body: errorBody.badRequest(message),
      });
    });
  });

  describe('errors', () => {
    const routes = (tag: string) => [
      `/lottery/${tag}/draw/numbers`,
      `/lottery/${tag}/draw/latest/numbers`,
      `/lottery/${tag}/draw/2024-01-02/numbers`,
      `/lottery/${tag}/draws`,
    ];

    it('answers 404 for an unknown lottery on every route', async () => {
      for (const path of routes('no_such_lottery')) {
        expect(await get(path)).toMatchObject({ status: 404, body: LOTTERY_NOT_FOUND });
      }
    });

    it('answers 400 for a blank tag', async () => {
      for (const path of [...routes('%20'), ...routes('%20%09')]) {
        expect({ path, ...(await get(path)) }).toMatchObject({ path, status: 400, body: TAG_EMPTY });
      }
    });

    // Nest's Fastify adapter answers an empty route parameter with 404 before any guard or pipe; bootstrap.ts
    // rewrites the empty segment to a blank one (rewriteEmptyLotteryTag) so the contract's order holds.
    it('answers 400 for an empty tag segment (/lottery//…), after the token checks', async () => {
      for (const path of [...routes(''), '/lottery//']) {
        expect({ path, ...(await get(path)) }).toMatchObject({ path, status: 400, body: TAG_EMPTY });
        expect((await api.get(path)).status).toBe(401);
      }
    });

    it.each(['2024-02-30', '2023-02-29', '20240102', '2024-1-2', '02-01-2024', 'yesterday', '2024-01-02x'])(
      'answers 400 for the date %s',
      async (date) => {
        expect(await get(`/lottery/eu_euromillions/draw/${date}/numbers`)).toMatchObject({
          status: 400,
          body: BAD_DRAW_DATE,
        });
      },
    );

    it('refuses dates before 1800-01-01', async () => {
      expect(await get('/lottery/us_powerball/draw/1799-12-31/numbers')).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
      expect(await get('/lottery/us_powerball/draw/0001-01-01/numbers')).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
      expect(await get('/lottery/us_powerball/draw/1800-01-01/numbers')).toMatchObject({
        status: 404,
        body: NO_DRAWS,
      });
    });

    it.each([
      ['from=2024-13-01', errorBody.badRequest(Messages.invalidField('from', "'YYYY-MM-DD' format"))],
      ['from=', errorBody.badRequest(Messages.invalidField('from', "'YYYY-MM-DD' format"))],
      ['to=2024/01/01', errorBody.badRequest(Messages.invalidField('to', "'YYYY-MM-DD' format"))],
      ['from=1799-12-31', TOO_EARLY],
      ['to=1700-01-01', TOO_EARLY],
    ])('refuses %s on both lists', async (query, body) => {
      expect(await get(`/lottery/us_powerball/draw/numbers?${query}`)).toMatchObject({ status: 400, body });
      expect(await get(`/lottery/us_powerball/draws?${query}`)).toMatchObject({ status: 400, body });
    });

    it('validates before looking the lottery up', async () => {
      expect(await get('/lottery/unknown/draw/1700-01-01/numbers')).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
      expect(await get('/lottery/unknown/draw/2024-02-30/numbers')).toMatchObject({
        status: 400,
        body: BAD_DRAW_DATE,
      });
      expect(await get('/lottery/unknown/draw/latest/numbers?sort_number=x')).toMatchObject({
        status: 400,
        body: BAD_SORT,
      });
      expect(await get('/lottery/unknown/draw/numbers?limit=x')).toMatchObject({
        status: 400,
        body: errorBody.badRequest(Messages.invalidField('limit', 'a non-negative integer')),
      });
      expect(await get('/lottery/unknown/draws?from=1799-01-01')).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
    });

    it('needs an API token', async () => {
      for (const path of routes('us_powerball')) expect((await api.get(path)).status).toBe(401);
    });
  });

  describe('freshness on every draw answer (X-Lottery-Freshness)', () => {
    const FRESHNESS_ROUTES = [
      '/lottery/us_powerball/draw/latest/numbers',
      '/lottery/us_powerball/draw/2026-08-05/numbers',
      '/lottery/us_powerball/draw/numbers?limit=2',
      '/lottery/us_powerball/draws?limit=2',
    ];

    it("carries the lottery's freshness, the same figures as its record, and leaves the body as it was", async () => {
      const lottery = (await get('/lottery/us_powerball')).body;
      const { status, lastDraw, expectedLastDraw } = lottery.freshness;
      expect(lastDraw).toBe('2026-08-05');
      for (const path of FRESHNESS_ROUTES) {
        const res = await get(path);
        expect(res.status).toBe(200);
        const header = res.headers.get('x-lottery-freshness') ?? '';
        expect(header).toMatch(
          new RegExp(
            `^status=${status}, last-draw="${lastDraw}", expected-draw="${expectedLastDraw}", hours-behind=[\\d.]+, source=ok$`,
          ),
        );
        // hours-behind is the record's figure (one decimal; it may move by 0.1 between the two reads).
        const hours = Number(/hours-behind=([\d.]+)/.exec(header)?.[1]);
        expect(Math.abs(hours - lottery.freshness.hoursBehind)).toBeLessThanOrEqual(0.1);
      }
      expect((await get('/lottery/us_powerball/draw/latest/numbers')).body).toEqual(POWERBALL_LATEST);
    });

    it('says unscheduled for a lottery without a schedule, and is readable by browser clients', async () => {
      const res = await get('/lottery/xx_empty/draws');
      expect(res.headers.get('x-lottery-freshness')).toBe('status=unscheduled, source=none');
      const cors = await api.get('/lottery/us_powerball/draw/latest/numbers', {
        token,
        headers: { Origin: 'https://app.example' },
      });
      expect(cors.headers.get('access-control-expose-headers')).toContain('X-Lottery-Freshness');
    });
  });
});
