import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { LotteryCatalog } from '../src/modules/catalog/lottery-catalog.service';
import { errorBody, Messages } from './support/contract-errors';
import { newTokenHolder, sql } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';
import { eventually } from './support/timing';
import { startReceiver } from './support/webhook-receiver';

/** Contract section 10: several draws on one date (rounds), and what each draw paid. */
const TAG = 'xx_rounds';
const LOTTERY = {
  tag: TAG,
  name: 'Rounds',
  country: 'XX',
  timezone: 'Europe/London',
  drawOrder: true,
  rules: [
    {
      from: '2020-01-01',
      main: { count: 3, min: 1, max: 20 },
      special: { count: 1, min: 1, max: 20, pool: 'main' },
      prizes: [
        {
          from: '2020-01-01',
          source: 'test',
          divisions: [
            { rank: 1, main: 3, prize: { type: 'jackpot' } },
            { rank: 2, main: 2, special: 1, prize: { type: 'fixed', amount: 100, currency: 'GBP' } },
            { rank: 3, main: 2, prize: { type: 'parimutuel' } },
          ],
        },
      ],
    },
    {
      from: '2026-06-10',
      rounds: 2,
      main: { count: 3, min: 1, max: 20 },
      special: { count: 1, min: 1, max: 20, pool: 'main' },
    },
  ],
};
const BAD_REQUEST = (message: string) => errorBody.badRequest(message);

describe('rounds and prizes (contract section 10)', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let token: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    let holder: { jwt: string };
    ({ app, api, admin, holder, token } = await withTokenHolder(
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_INTERVAL_MS: '50' },
      'rounds_bulk',
    ));
    expect((await api.post('/admin/lotteries', { jwt: admin.jwt, body: LOTTERY })).status).toBe(201);
    receiver = await startReceiver();
    const hook = await api.post('/profile/webhooks', {
      jwt: holder.jwt,
      body: { url: receiver.url, events: ['draw.published', 'draw.prizes'], lotteries: [TAG] },
    });
    expect(hook.status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const putDraw = (date: string, main: number[], special: number[], round?: number) =>
    api.put(`/admin/lotteries/${TAG}/draws/${date}${round ? `?round=${round}` : ''}`, {
      jwt: admin.jwt,
      body: { main, special },
    });
  const get = (path: string) => api.get(path, { token });
  const numbers = (main: number[], special: number[]) => [
    ...main.map((value, order) => ({ special: false, order, value })),
    ...special.map((value, order) => ({ special: true, order, value })),
  ];

  describe('rounds', () => {
    beforeAll(async () => {
      expect((await putDraw('2026-06-06', [1, 2, 3], [4])).status).toBe(201);
      expect((await putDraw('2026-06-10', [5, 6, 7], [8])).status).toBe(201);
      const second = await putDraw('2026-06-10', [9, 10, 11], [12], 2);
      expect(second.status).toBe(201);
      expect(second.body).toEqual({
        date: '2026-06-10',
        round: 2,
        rounds: 2,
        numbers: numbers([9, 10, 11], [12]),
      });
    });

    it('shows `round` only on draws of eras with rounds, and `rules[].rounds` on those eras', async () => {
      expect((await get(`/lottery/${TAG}/draw/2026-06-06/numbers`)).body).toEqual({
        date: '2026-06-06',
        numbers: numbers([1, 2, 3], [4]),
      });
      const lottery = (await get(`/lottery/${TAG}`)).body;
      expect(lottery.rules.map((era: { rounds?: number }) => era.rounds)).toEqual([undefined, 2]);
    });

    it('answers round 1 by date, another with ?round=N, 404 for a round not drawn, 400 for a bad round', async () => {
      // Round 1 says that its date has two (contract section 10: `rounds` beside `round`).
      expect((await get(`/lottery/${TAG}/draw/2026-06-10/numbers`)).body).toEqual({
        date: '2026-06-10',
        round: 1,
        rounds: 2,
        numbers: numbers([5, 6, 7], [8]),
      });
      expect(
        (await get(`/lottery/${TAG}/draw/2026-06-10/numbers?round=2&sort_number=desc`)).body,
      ).toMatchObject({
        round: 2,
        numbers: [
          { special: false, order: 2, value: 11 },
          { special: false, order: 1, value: 10 },
          { special: false, order: 0, value: 9 },
          { special: true, order: 0, value: 12 },
        ],
      });
      const missing = await get(`/lottery/${TAG}/draw/2026-06-06/numbers?round=2`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(errorBody.notFound(Messages.drawNotFound));
      for (const bad of ['0', '-1', '1.5', 'two', '101']) {
        const res = await get(`/lottery/${TAG}/draw/2026-06-10/numbers?round=${bad}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(
          BAD_REQUEST("Invalid 'round' value. Expected a positive integer up to 100."),
        );
      }
    });

    it('lists every round newest first (date, then round), and latest is the last round of the latest date', async () => {
      const list = await get(`/lottery/${TAG}/draws`);
      expect(list.body.total).toBe(3);
      expect(
        list.body.draws.map((d: { date: string; round?: number; rounds?: number }) => [
          d.date,
          d.round,
          d.rounds,
        ]),
      ).toEqual([
        ['2026-06-10', 2, 2],
        ['2026-06-10', 1, 2],
        ['2026-06-06', undefined, undefined],
      ]);
      expect((await get(`/lottery/${TAG}/draw/latest/numbers`)).body).toMatchObject({
        date: '2026-06-10',
        round: 2,
      });
      const search = await get(`/lottery/${TAG}/draw/numbers?from=2026-06-10`);
      expect(search.headers.get('x-total-count')).toBe('2');
    });

    it('refuses a round beyond the era, and deletes one round only', async () => {
      const beyond = await putDraw('2026-06-06', [1, 2, 3], [4], 2);
      expect(beyond.status).toBe(400);
      expect(beyond.body.message).toMatch(/^Invalid 'round' value: 2026-06-06 has one round/);
      expect((await putDraw('2026-06-13', [1, 2, 3], [4], 2)).status).toBe(201);
      expect(
        (await api.delete(`/admin/lotteries/${TAG}/draws/2026-06-13?round=2`, { jwt: admin.jwt })).status,
      ).toBe(204);
      expect((await get(`/lottery/${TAG}/draw/2026-06-13/numbers?round=2`)).status).toBe(404);
      const again = await api.delete(`/admin/lotteries/${TAG}/draws/2026-06-13?round=2`, { jwt: admin.jwt });
      expect(again.body).toEqual(errorBody.notFound(Messages.drawNotFound));
    });

    it('imports a CSV with a `round` column and counts each round as a draw in the statistics', async () => {
      const res = await api.post(`/admin/lotteries/${TAG}/draws/import`, {
        jwt: admin.jwt,
        body: 'date,main,special,round\n2026-06-17,1 2 3,4,1\n2026-06-17,1 2 5,6,2\n2026-06-17,1 2 7,8,3\n',
        headers: { 'Content-Type': 'text/csv' },
      });
      expect(res.body).toMatchObject({ inserted: 2, errors: [{ line: 4 }] });
      expect(res.body.errors[0].message).toMatch(/^Invalid 'round' value: 2026-06-17 has 2 rounds/);
      const stats = await get(`/lottery/${TAG}/stats?from=2026-06-17&to=2026-06-17`);
      expect(stats.body.draws).toBe(2);
      expect(stats.body.main.find((n: { value: number }) => n.value === 1).count).toBe(2);
    });
  });

  describe('prizes', () => {
    const PRIZES = {
      currency: 'GBP',
      jackpot: { amount: 2000000, won: true, rollovers: 2 },
      divisions: [
        { rank: 1, winners: 1, amount: 2000000.5 },
        { rank: 2, winners: 3, amount: 100, regions: [{ region: 'GB', winners: 3 }] },
        { rank: 3, winners: 0, amount: null },
      ],
      next: { date: '2026-06-13', estimatedJackpot: 1000000 },
      source: 'operator page',
    };

    it('404s in order: lottery, draw, then `No prizes were found for draw.` while the draw stays readable', async () => {
      expect((await get('/lottery/xx_none/draw/2026-06-06/prizes')).body).toEqual(
        errorBody.notFound(Messages.lotteryNotFound),
      );
      expect((await get(`/lottery/${TAG}/draw/2026-01-01/prizes`)).body).toEqual(
        errorBody.notFound(Messages.drawNotFound),
      );
      const none = await get(`/lottery/${TAG}/draw/2026-06-06/prizes`);
      expect(none.status).toBe(404);
      expect(none.body).toEqual(errorBody.notFound('No prizes were found for draw.'));
      expect((await get(`/lottery/${TAG}/draw/2026-06-06/numbers`)).status).toBe(200);
    });

    it('stores prizes (201, then 200), answers them to the cent, and announces draw.prizes', async () => {
      const put = await api.put(`/admin/lotteries/${TAG}/draws/2026-06-06/prizes`, {
        jwt: admin.jwt,
        body: PRIZES,
      });
      expect(put.status).toBe(201);
      const expected = {
        lottery: TAG,
        date: '2026-06-06',
        currency: 'GBP',
        jackpot: { amount: 2000000, won: true, rollovers: 2 },
        divisions: [
          { rank: 1, match: { main: 3, special: 0 }, winners: 1, amount: 2000000.5 },
          {
            rank: 2,
            match: { main: 2, special: 1 },
            winners: 3,
            amount: 100,
            regions: [{ region: 'GB', winners: 3 }],
          },
          { rank: 3, match: { main: 2, special: 0 }, winners: 0, amount: null },
        ],
        next: { date: '2026-06-13', estimatedJackpot: 1000000 },
        source: 'operator page',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      };
      expect(put.body).toEqual(expected);
      const read = await get(`/lottery/${TAG}/draw/2026-06-06/prizes`);
      expect(read.status).toBe(200);
      expect(read.headers.get('x-lottery-freshness')).toMatch(/\S/);
      expect(read.body).toEqual(expected);
      const stored = await sql(app, `SELECT divisions FROM draw_prizes WHERE lottery_tag = $1`, [TAG]);
      expect(stored[0].divisions[0].amountMinor).toBe(200000050);

      await eventually(async () => {
        expect(receiver.received.filter((r) => r.body.type === 'draw.prizes')).toHaveLength(1);
      }, 10_000);
      const event = receiver.received.find((r) => r.body.type === 'draw.prizes')!;
      expect(event.body.data).toEqual({
        lottery: TAG,
        draw: { date: '2026-06-06', numbers: numbers([1, 2, 3], [4]) },
        prizes: { ...expected, updatedAt: expect.any(String) },
      });

      const again = await api.put(`/admin/lotteries/${TAG}/draws/2026-06-06/prizes`, {
        jwt: admin.jwt,
        body: PRIZES,
      });
      expect(again.status).toBe(200);
    });

    it('serves the latest draw’s prizes, with its round', async () => {
      const latest = await get(`/lottery/${TAG}/draw/latest/prizes`);
      expect(latest.body).toEqual(errorBody.notFound('No prizes were found for draw.'));
      const put = await api.put(`/admin/lotteries/${TAG}/draws/2026-06-17/prizes?round=2`, {
        jwt: admin.jwt,
        body: { currency: 'GBP', divisions: [{ rank: 3, winners: 12, amount: 5.25 }] },
      });
      expect(put.status).toBe(201);
      const read = await get(`/lottery/${TAG}/draw/latest/prizes`);
      expect(read.body).toMatchObject({
        date: '2026-06-17',
        round: 2,
        jackpot: null,
        next: null,
        source: 'admin',
      });
      expect((await get(`/lottery/${TAG}/draw/2026-06-17/prizes?round=2`)).body).toEqual(read.body);
    });

    it.each([
      [{ divisions: [] }, "Invalid 'currency' value. Expected an ISO 4217 code such as EUR."],
      [
        { currency: 'GBP', divisions: [{ rank: 1, winners: 1, amount: 1.005 }] },
        "Invalid 'divisions[0].amount' value.",
      ],
      [
        { currency: 'GBP', divisions: [{ rank: 4, winners: 1, amount: 1 }] },
        "Invalid 'divisions[0].rank' value: rank 4",
      ],
      [
        {
          currency: 'GBP',
          divisions: [
            { rank: 2, winners: 1, amount: 1 },
            { rank: 1, winners: 1, amount: 1 },
          ],
        },
        "Invalid 'divisions[1].rank' value: ranks must ascend",
      ],
      [
        { currency: 'GBP', divisions: [{ rank: 1, winners: -1, amount: 1 }] },
        "Invalid 'divisions[0].winners' value.",
      ],
      [
        {
          currency: 'GBP',
          divisions: [{ rank: 1, winners: 1, amount: 1, regions: [{ region: 'gb', winners: 1 }] }],
        },
        "Invalid 'divisions[0].regions[0].region' value.",
      ],
    ])('refuses a body at fault, naming the field: %j', async (body, message) => {
      const res = await api.put(`/admin/lotteries/${TAG}/draws/2026-06-06/prizes`, { jwt: admin.jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 401, error: 'Bad Request' });
      expect(res.body.message.startsWith(message)).toBe(true);
    });

    it('deletes prizes (then 404), and a deleted draw takes its prizes with it', async () => {
      const path = `/admin/lotteries/${TAG}/draws/2026-06-17/prizes?round=2`;
      expect((await api.delete(path, { jwt: admin.jwt })).status).toBe(204);
      expect((await api.delete(path, { jwt: admin.jwt })).body).toEqual(
        errorBody.notFound('No prizes were found for draw.'),
      );
      expect((await api.delete(`/admin/lotteries/${TAG}/draws/2026-06-06`, { jwt: admin.jwt })).status).toBe(
        204,
      );
      expect(await sql(app, 'SELECT 1 FROM draw_prizes WHERE lottery_tag = $1', [TAG])).toEqual([]);
    });

    it('imports prize columns with the draws', async () => {
      const res = await api.post(`/admin/lotteries/${TAG}/draws/import`, {
        jwt: admin.jwt,
        body:
          'date,main,special,currency,rank1_winners,rank1_amount,rank3_winners,rank3_amount\n' +
          '2026-06-03,1 2 3,4,GBP,0,,10,12.50\n',
        headers: { 'Content-Type': 'text/csv' },
      });
      expect(res.body).toEqual({ inserted: 1, updated: 0, unchanged: 0, prizes: 1, errors: [] });
      expect((await get(`/lottery/${TAG}/draw/2026-06-03/prizes`)).body.divisions).toEqual([
        { rank: 1, match: { main: 3, special: 0 }, winners: 0, amount: null },
        { rank: 3, match: { main: 2, special: 0 }, winners: 10, amount: 12.5 },
      ]);
    });

    it('adds what was paid to a won division, and sums a range per currency (section 10)', async () => {
      expect((await putDraw('2026-06-01', [1, 2, 15], [16])).status).toBe(201);
      const check = (body: Record<string, unknown>) => api.post(`/lottery/${TAG}/check`, { token, body });
      const one = await check({ date: '2026-06-03', tickets: [{ main: [1, 2, 9] }] });
      expect(one.status).toBe(200);
      expect(one.body.tickets[0].results).toEqual([
        {
          date: '2026-06-03',
          main: [1, 2],
          special: [],
          division: {
            rank: 3,
            match: { main: 2, special: 0 },
            prize: { type: 'parimutuel' },
            paid: { amount: 12.5, currency: 'GBP', winners: 10 },
          },
        },
      ]);
      expect(one.body.tickets[0]).not.toHaveProperty('won');

      const range = await check({
        from: '2026-06-01',
        to: '2026-06-17',
        tickets: [{ main: [1, 2, 9] }, { main: [1, 2, 4] }],
      });
      expect(range.status).toBe(200);
      const [shared, fixed] = range.body.tickets;
      // 06-03: rank 3 paid 12.50 (stored); 06-01: rank 3 too, its payout not stored: unknown.
      expect(shared.won).toEqual([{ currency: 'GBP', amount: 12.5 }]);
      expect(shared.amountsUnknown).toBe(1);
      // 06-03: rank 2 (2 + the bonus ball), a fixed GBP 100 that the stored prizes do not list; 06-01: rank 3.
      expect(fixed.won).toEqual([{ currency: 'GBP', amount: 100 }]);
      expect(fixed.amountsUnknown).toBe(1);

      const rounds = await check({ date: '2026-06-17', tickets: [{ main: [1, 2, 9] }] });
      expect(rounds.body).toMatchObject({ from: '2026-06-17', to: '2026-06-17', draws: 2 });
    });

    it('answers as the question asks (section 9): every round of a date, `round` alone, totals on every range', async () => {
      // A token of its own: the reads above have used the other's rate limit.
      const reader = (await newTokenHolder(api)).token;
      const check = (body: Record<string, unknown>) =>
        api.post(`/lottery/${TAG}/check`, { token: reader, body });
      const line = { main: [1, 2, 9] };
      // The era of 2026-06-17 has two rounds and no known prize structure: matches, division null.
      const roundOf = (round: number) => ({
        date: '2026-06-17',
        round,
        main: [1, 2],
        special: [],
        division: null,
        prizesKnown: false,
      });
      const date = await check({ date: '2026-06-17', tickets: [line] });
      expect(date.status).toBe(200);
      expect(date.body.tickets[0]).toEqual({ main: [1, 2, 9], results: [roundOf(2), roundOf(1)] });
      // Neither a date nor a range: every round of the latest draw date, the same answer.
      expect((await check({ tickets: [line] })).body).toEqual(date.body);
      // `round` beside `date`: that round only.
      const one = await check({ date: '2026-06-17', round: 1, tickets: [line] });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ from: '2026-06-17', to: '2026-06-17', draws: 1 });
      expect(one.body.tickets[0].results).toEqual([roundOf(1)]);
      // A round that was not drawn: 404, as `GET …/draw/{date}?round=N`.
      const missing = await check({ date: '2026-06-03', round: 2, tickets: [line] });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(errorBody.notFound(Messages.drawNotFound));
      // `round` without `date`: a 400 naming `round`; a bad round: the draw routes' 400.
      for (const body of [{ round: 1 }, { round: 1, from: '2026-06-01' }]) {
        const res = await check({ ...body, tickets: [line] });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(BAD_REQUEST(Messages.checkRoundWithoutDate));
      }
      for (const bad of [0, -1, 1.5, 'two', '2', 101]) {
        const res = await check({ date: '2026-06-17', round: bad, tickets: [line] });
        expect([bad, res.status]).toEqual([bad, 400]);
        expect(res.body).toEqual(
          BAD_REQUEST("Invalid 'round' value. Expected a positive integer up to 100."),
        );
      }

      // A range of one draw carries the range's sums, and lists only the wins: 06-03's rank 3, paid 12.50.
      const oneDraw = await check({
        from: '2026-06-03',
        to: '2026-06-03',
        tickets: [line, { main: [7, 8, 9] }],
      });
      expect(oneDraw.status).toBe(200);
      expect(oneDraw.body).toMatchObject({ from: '2026-06-03', to: '2026-06-03', draws: 1 });
      expect(oneDraw.body.tickets[0]).toMatchObject({
        won: [{ currency: 'GBP', amount: 12.5 }],
        amountsUnknown: 0,
        results: [{ date: '2026-06-03', division: { rank: 3 } }],
      });
      expect(oneDraw.body.tickets[1]).toEqual({ main: [7, 8, 9], won: [], amountsUnknown: 0, results: [] });
      // A range without draws, too.
      const none = await check({ from: '2026-06-04', to: '2026-06-05', tickets: [line] });
      expect(none.body).toEqual({
        lottery: TAG,
        from: null,
        to: null,
        draws: 0,
        tickets: [{ main: [1, 2, 9], won: [], amountsUnknown: 0, results: [] }],
      });
    });

    it('needs an API token like every metered read (401 without one)', async () => {
      const res = await api.get(`/lottery/${TAG}/draw/latest/prizes`);
      expect(res.status).toBe(401);
    });
  });

  describe('the bundled prizes', () => {
    /** The bundle's prize file, read here on its own: every draw's answer must carry its winners and amounts. */
    const rows = parse(readFileSync(join(__dirname, '../data/prizes/eu_euromillions.csv'), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];

    it('answers every bundled EuroMillions draw with the file’s winners and amounts, to the cent', async () => {
      expect(rows.length).toBe(1826);
      // A token of its own: the reads above have used the other's rate limit.
      const reader = (await newTokenHolder(api)).token;
      // A spread sample through the history (every era), read through the metered route (within a free
      // license's rate limit); the count below covers every draw.
      const sample = rows.filter((_row, i) => i % 200 === 0 || i === rows.length - 1);
      for (const row of sample) {
        const res = await api.get(`/lottery/eu_euromillions/draw/${row.date}/prizes`, { token: reader });
        if (res.status !== 200) throw new Error(`${row.date}: ${res.status} ${res.text}`);
        expect(res.status).toBe(200);
        expect(res.body.currency).toBe('EUR');
        for (const division of res.body.divisions) {
          const winners = row[`rank${division.rank}_winners`];
          const amount = row[`rank${division.rank}_amount`];
          expect(division.winners).toBe(winners === '' ? null : Number(winners));
          expect(division.amount === null ? '' : division.amount.toFixed(2)).toBe(
            amount === '' ? '' : Number(amount).toFixed(2),
          );
        }
      }
      // Every draw, through the very JSON the route sends (read from the catalog: 1,826 requests would take a
      // free license's rate limit minutes).
      const catalog = app.running.app.get(LotteryCatalog);
      for (const row of rows) {
        const answer = JSON.parse(catalog.prizesJsonOf('eu_euromillions', row.date));
        const ranks = Object.keys(row).filter((k) => /^rank\d+_winners$/.test(k)).length;
        expect(answer.divisions).toHaveLength(
          row.rank13_winners === '' && row.rank13_amount === '' ? 12 : ranks,
        );
        for (const division of answer.divisions) {
          const winners = row[`rank${division.rank}_winners`];
          const amount = row[`rank${division.rank}_amount`];
          const regions = row[`rank${division.rank}_regions`];
          expect([row.date, division.rank, division.winners]).toEqual([
            row.date,
            division.rank,
            winners === '' ? null : Number(winners),
          ]);
          // To the cent: the answer's number printed with 2 decimals is the file's decimal text.
          expect([
            row.date,
            division.rank,
            division.amount === null ? '' : division.amount.toFixed(2),
          ]).toEqual([
            row.date,
            division.rank,
            amount === ''
              ? ''
              : amount.includes('.')
                ? amount.padEnd(amount.indexOf('.') + 3, '0')
                : `${amount}.00`,
          ]);
          expect(division.regions ?? []).toEqual(
            regions === ''
              ? []
              : regions
                  .split(' ')
                  .map((pair) => ({ region: pair.split(':')[0], winners: Number(pair.split(':')[1]) })),
          );
        }
      }
      const draws = (await api.get('/lottery/eu_euromillions', { token: reader })).body.draws.count;
      const stored = await sql(
        app,
        `SELECT count(*)::int AS n FROM draw_prizes WHERE lottery_tag = 'eu_euromillions'`,
      );
      expect(stored[0].n).toBe(draws);
    });
  });
});
