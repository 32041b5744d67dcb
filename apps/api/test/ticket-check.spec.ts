import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '../src/common/errors/messages';
import { bundledDataDir } from '../src/modules/draws/domain/bundled-lotteries';
import { errorBody } from './support/contract-errors';
import { newAdmin, newTokenHolder } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';

interface Case {
  tag: string;
  date: string;
  ticket: { main: number[]; special?: number[] };
  /** Worked out by hand from the draw in the bundled CSV and the prize table in lotteries.json. */
  expected: { main: number[]; special: number[]; division: unknown };
}

const parimutuel = { type: 'parimutuel' };
const fixed = (amount: number, currency: string) => ({ type: 'fixed', amount, currency });
const won = (rank: number, main: number, special: number, prize: unknown) => ({
  rank,
  match: { main, special },
  prize,
});

/** One line per bundled lottery, against its latest bundled draw (the draw is quoted in each comment). */
const CASES: Case[] = [
  // 2026-08-05: 14 20 59 60 61, Powerball 25 → 2 + PB: rank 7, USD 7.
  {
    tag: 'us_powerball',
    date: '2026-08-05',
    ticket: { main: [14, 20, 1, 2, 3], special: [25] },
    expected: { main: [14, 20], special: [25], division: won(7, 2, 1, fixed(7, 'USD')) },
  },
  // 2026-08-07: 17 20 32 54 57, Mega Ball 23 → 3 + MB: rank 5, base USD 200 (× the built-in multiplier).
  {
    tag: 'us_megamillions',
    date: '2026-08-07',
    ticket: { main: [17, 20, 32, 1, 2], special: [23] },
    expected: { main: [17, 20, 32], special: [23], division: won(5, 3, 1, fixed(200, 'USD')) },
  },
  // 2025-03-25: 36 3 18 33 1, stars 6 2 → 3 + 1 star: rank 9, which paid EUR 11.50 to 59,429 lines (FDJ's
  // euromillions_202002.csv, first row: the bundled prizes).
  {
    tag: 'eu_euromillions',
    date: '2025-03-25',
    ticket: { main: [1, 3, 18, 40, 50], special: [2, 11] },
    expected: {
      main: [1, 3, 18],
      special: [2],
      division: { ...won(9, 3, 1, parimutuel), paid: { amount: 11.5, currency: 'EUR', winners: 59429 } },
    },
  },
  // 2025-07-30: 3 5 7 18 21 37, bonus 38 → 5 + bonus (the 6th number of the line): rank 2, GBP 1,000,000.
  {
    tag: 'uk_lotto',
    date: '2025-07-30',
    ticket: { main: [3, 5, 7, 18, 21, 38] },
    expected: { main: [3, 5, 7, 18, 21], special: [38], division: won(2, 5, 1, fixed(1_000_000, 'GBP')) },
  },
  // 2025-05-10: 49 12 42 29 13, Chance 9 → 1 + Chance: rank 9, EUR 2.20.
  {
    tag: 'fr_lotto',
    date: '2025-05-10',
    ticket: { main: [1, 2, 3, 4, 12], special: [9] },
    expected: { main: [12], special: [9], division: won(9, 1, 1, fixed(2.2, 'EUR')) },
  },
  // 2026-07-22: 3 5 10 14 25 49, Superzahl 3 → 2 + SZ: class 9, EUR 6.
  {
    tag: 'de_lotto',
    date: '2026-07-22',
    ticket: { main: [3, 5, 20, 21, 22, 23], special: [3] },
    expected: { main: [3, 5], special: [3], division: won(9, 2, 1, fixed(6, 'EUR')) },
  },
  // 2026-08-14: 5 26 28 30 40, Euro numbers 3 6 → 2 + 2: class 8.
  {
    tag: 'eu_eurojackpot',
    date: '2026-08-14',
    ticket: { main: [5, 26, 1, 2, 4], special: [3, 6] },
    expected: { main: [5, 26], special: [3, 6], division: won(8, 2, 2, parimutuel) },
  },
  // 2024-05-25: 14 21 31 37 39 42, bonus 19 → 2 + bonus: rank 6, CAD 5.
  {
    tag: 'ca_lotto649',
    date: '2024-05-25',
    ticket: { main: [14, 21, 19, 1, 2, 3] },
    expected: { main: [14, 21], special: [19], division: won(6, 2, 1, fixed(5, 'CAD')) },
  },
  // 2024-05-24: 1 6 9 11 31 39 50, bonus 35 → 3 + bonus: rank 8, CAD 20.
  {
    tag: 'ca_lottomax',
    date: '2024-05-24',
    ticket: { main: [1, 6, 9, 35, 2, 3, 4] },
    expected: { main: [1, 6, 9], special: [35], division: won(8, 3, 1, fixed(20, 'CAD')) },
  },
  // 2026-05-23: 14 29 34 57 59 69, Jolly 20, SuperStar 16 → 5 + Jolly: rank 2.
  {
    tag: 'it_superenalotto',
    date: '2026-05-23',
    ticket: { main: [14, 29, 34, 57, 59, 20] },
    expected: { main: [14, 29, 34, 57, 59], special: [20], division: won(2, 5, 1, parimutuel) },
  },
  // 2024-12-31: 4 7 12 15 24 38 47, supplementaries 8 43 46 → 3 + 2 supps: division 7 (3 + at least one).
  {
    tag: 'au_ozlotto',
    date: '2024-12-31',
    ticket: { main: [4, 7, 12, 8, 43, 1, 2] },
    expected: { main: [4, 7, 12], special: [8, 43], division: won(7, 3, 2, parimutuel) },
  },
  // 2025-01-09: 1 2 8 11 17 19 26, Powerball 11 → 2 + PB: division 9.
  {
    tag: 'au_powerball',
    date: '2025-01-09',
    ticket: { main: [1, 2, 3, 4, 5, 6, 7], special: [11] },
    expected: { main: [1, 2], special: [11], division: won(9, 2, 1, parimutuel) },
  },
  // 2025-01-11: 6 8 18 19 29 38, supplementaries 15 45 → 3 + 0 supps: division 6 (since 2020-10-10).
  {
    tag: 'au_saturday_lotto',
    date: '2025-01-11',
    ticket: { main: [6, 8, 18, 1, 2, 3] },
    expected: { main: [6, 8, 18], special: [], division: won(6, 3, 0, parimutuel) },
  },
  // 2020-05-10 (the last bundled draw; the game ended 2026-02-21): 1 6 15 17 36, Cash Ball 2 → 3 + Cash Ball:
  // rank 5, USD 100.
  {
    tag: 'us_cash4life',
    date: '2020-05-10',
    ticket: { main: [1, 6, 15, 40, 50], special: [2] },
    expected: { main: [1, 6, 15], special: [2], division: won(5, 3, 1, fixed(100, 'USD')) },
  },
  // 2025-11-14 (contest 2940): 7 8 9 13 22 53 → 5 hits (quina): rank 2, which paid BRL 28,007.64 to 170 bets
  // (CAIXA's export: the bundled prizes).
  {
    tag: 'br_megasena',
    date: '2025-11-14',
    ticket: { main: [7, 8, 9, 13, 22, 1] },
    expected: {
      main: [7, 8, 9, 13, 22],
      special: [],
      division: { ...won(2, 5, 0, parimutuel), paid: { amount: 28007.64, currency: 'BRL', winners: 170 } },
    },
  },
  // 2025-11-17 (contest 3540): 1 2 3 5 6 9 10 13 14 15 16 18 22 23 25 → 11 hits: rank 5, BRL 7 (fixed from
  // 2025-07-10), which the export shows paid to 1,758,304 bets.
  {
    tag: 'br_lotofacil',
    date: '2025-11-17',
    ticket: { main: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16] },
    expected: {
      main: [1, 2, 3, 5, 6, 9, 10, 13, 14, 15, 16],
      special: [],
      division: { ...won(5, 11, 0, fixed(7, 'BRL')), paid: { amount: 7, currency: 'BRL', winners: 1758304 } },
    },
  },
  // 2024-08-16 (contest 6509): 44 48 51 53 70 → 2 hits (duque): rank 4, which paid BRL 4.42 to 145,784 bets.
  {
    tag: 'br_quina',
    date: '2024-08-16',
    ticket: { main: [44, 48, 1, 2, 3] },
    expected: {
      main: [44, 48],
      special: [],
      division: { ...won(4, 2, 0, parimutuel), paid: { amount: 4.42, currency: 'BRL', winners: 145784 } },
    },
  },
  // 2026-04-29: 4 6 9 12 18 31, Zusatzzahl 39 → 3 + the Zusatzzahl (the line's 39): rank 6, pari-mutuel (the
  // eight ranks from 2010-09-08).
  {
    tag: 'at_lotto',
    date: '2026-04-29',
    ticket: { main: [4, 6, 9, 39, 1, 2] },
    expected: { main: [4, 6, 9], special: [39], division: won(6, 3, 1, parimutuel) },
  },
  // 2026-09-12 (draw 1241): 7 13 16 23 24 43, bonus 9 → 5 + bonus (the 6th number of the line): rank 2, which paid
  // KRW 54,279,733 to 90 lines (Donghaeng's answer: the bundled prizes).
  {
    tag: 'kr_lotto645',
    date: '2026-09-12',
    ticket: { main: [7, 13, 16, 23, 24, 9] },
    expected: {
      main: [7, 13, 16, 23, 24],
      special: [9],
      division: { ...won(2, 5, 1, parimutuel), paid: { amount: 54279733, currency: 'KRW', winners: 90 } },
    },
  },
  // 2025-01-02 (the last draw of the bundled copy): 25 10 4 27, Bonus Ball 33 → 1 + Bonus Ball: rank 6, USD 7 (a
  // set prize; ranks 2 to 5 are pari-mutuel).
  {
    tag: 'tx_two_step',
    date: '2025-01-02',
    ticket: { main: [4, 1, 2, 3], special: [33] },
    expected: { main: [4], special: [33], division: won(6, 1, 1, fixed(7, 'USD')) },
  },
  // 2025-12-01: 33 23 38 19 15 12, Dream 3 → 3 numbers (the Dream does not count below rank 1): rank 5, which paid
  // EUR 4.50 to 78,041 lines in Europe (FDJ's eurodreams_202311.csv, first row: the bundled prizes).
  {
    tag: 'eu_eurodreams',
    date: '2025-12-01',
    ticket: { main: [12, 15, 19, 1, 2, 4], special: [3] },
    expected: {
      main: [12, 15, 19],
      special: [3],
      division: { ...won(5, 3, 1, parimutuel), paid: { amount: 4.5, currency: 'EUR', winners: 78041 } },
    },
  },
  // 2022-06-18: 35 31 13 21 8, Thunderball 2 → 2 + TB: rank 7, GBP 10 (a fixed prize).
  {
    tag: 'uk_thunderball',
    date: '2022-06-18',
    ticket: { main: [8, 13, 1, 2, 3], special: [2] },
    expected: { main: [8, 13], special: [2], division: won(7, 2, 1, fixed(10, 'GBP')) },
  },
  // 2023-07-22: 2 4 18 22 29 30, strong number 2 → 3 numbers without the strong number: rank 8, a fixed ILS 10
  // (a line of 3 + strong would be rank 7, a share of the sales).
  {
    tag: 'il_lotto',
    date: '2023-07-22',
    ticket: { main: [2, 4, 18, 1, 3, 5], special: [5] },
    expected: { main: [2, 4, 18], special: [], division: won(8, 3, 0, fixed(10, 'ILS')) },
  },
];

describe('POST /lottery/{tag}/check', () => {
  let app: TestApp;
  let api: Http;
  let token: string;

  beforeAll(async () => {
    // Many requests in a row: a license without the free license's 20/s limit.
    ({ app, api, token } = await withTokenHolder({}, 'check-tests'));
  });
  afterAll(() => app.close());

  const check = (tag: string, body: unknown) => api.post(`/lottery/${tag}/check`, { token, body });

  it.each(CASES)(
    '$tag: a line checked by hand against the draw of $date',
    async ({ tag, date, ticket, expected }) => {
      const res = await check(tag, { tickets: [ticket], date });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        lottery: tag,
        from: date,
        to: date,
        draws: 1,
        tickets: [{ ...ticket, results: [{ date, ...expected }] }],
      });
    },
  );

  it('at_lotto: the Zusatzzahl alone wins (rank 8, the stake back) from 2010-09-08, and not with two numbers', async () => {
    // 2026-04-29: 4 6 9 12 18 31, Zusatzzahl 39.
    const alone = { main: [39, 1, 2, 3, 5, 7] };
    const withTwo = { main: [39, 4, 6, 1, 2, 3] };
    const res = await check('at_lotto', { tickets: [alone, withTwo], date: '2026-04-29' });
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((t: { results: unknown[] }) => t.results)).toEqual([
      [{ date: '2026-04-29', main: [], special: [39], division: won(8, 0, 1, fixed(1.1, 'EUR')) }],
      [{ date: '2026-04-29', main: [4, 6], special: [39], division: null }],
    ]);
    // 2010-09-05, the last draw of five ranks: 8 10 23 28 29 45, Zusatzzahl 12. Three numbers and the Zusatzzahl are a
    // plain Dreier then (rank 5 of 5; no rank for the Zusatzzahl yet), and the Zusatzzahl alone wins nothing.
    const before = await check('at_lotto', {
      tickets: [{ main: [8, 10, 23, 12, 40, 41] }, { main: [12, 1, 2, 3, 4, 5] }],
      date: '2010-09-05',
    });
    expect(before.body.tickets.map((t: { results: unknown[] }) => t.results)).toEqual([
      [{ date: '2010-09-05', main: [8, 10, 23], special: [12], division: won(5, 3, 1, parimutuel) }],
      [{ date: '2010-09-05', main: [], special: [12], division: null }],
    ]);
  });

  it('uk_thunderball: the Thunderball alone wins GBP 3, two numbers without it nothing, all six GBP 500,000', async () => {
    // 2022-06-18: 35 31 13 21 8, Thunderball 2 (its own drum: a line's Thunderball 8 does not match the ball 8).
    const alone = { main: [1, 3, 4, 5, 6], special: [2] };
    const twoWithout = { main: [35, 31, 1, 3, 4], special: [8] };
    const all = { main: [8, 13, 21, 31, 35], special: [2] };
    const res = await check('uk_thunderball', { tickets: [alone, twoWithout, all], date: '2022-06-18' });
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((t: { results: unknown[] }) => t.results)).toEqual([
      [{ date: '2022-06-18', main: [], special: [2], division: won(9, 0, 1, fixed(3, 'GBP')) }],
      [{ date: '2022-06-18', main: [31, 35], special: [], division: null }],
      [
        {
          date: '2022-06-18',
          main: [8, 13, 21, 31, 35],
          special: [2],
          division: won(1, 5, 1, fixed(500_000, 'GBP')),
        },
      ],
    ]);
  });

  it('cz_sportka: a line plays both draws of the night, each with its own additional number', async () => {
    // 2026-06-28 (Sazka's export, first row): 1. tah 27 13 3 42 26 14, additional 38; 2. tah 43 21 40 36 15 19,
    // additional 10. A line holds six numbers; the additional number is matched among them (same drum).
    const fivePlusAdditional = { main: [3, 13, 14, 26, 27, 38] };
    const three = { main: [1, 2, 15, 19, 21, 42] };
    const res = await check('cz_sportka', { tickets: [fivePlusAdditional, three], date: '2026-06-28' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lottery: 'cz_sportka', draws: 2 });
    // Newest round first. 5 of the 1. tah + its additional number 38: rank 2 (pari-mutuel); nothing in the 2. tah.
    expect(res.body.tickets[0].results).toEqual([
      { date: '2026-06-28', round: 2, main: [], special: [], division: null },
      {
        date: '2026-06-28',
        round: 1,
        main: [3, 13, 14, 26, 27],
        special: [38],
        division: won(2, 5, 1, parimutuel),
      },
    ]);
    // 15 19 21 of the 2. tah: rank 5; 42 alone of the 1. tah wins nothing.
    expect(res.body.tickets[1].results).toEqual([
      { date: '2026-06-28', round: 2, main: [15, 19, 21], special: [], division: won(5, 3, 0, parimutuel) },
      { date: '2026-06-28', round: 1, main: [42], special: [], division: null },
    ]);
  });

  it('a JSON body sent as text/plain is a 415 naming the type, not "Invalid \'tickets\' value"', async () => {
    const body = JSON.stringify({ tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }] });
    const res = await api.post('/lottery/us_powerball/check', {
      token,
      body,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 415,
      error: 'Unsupported Media Type',
      message: "Unsupported content type 'text/plain'. Expected 'application/json'.",
    });
    const json = await api.post('/lottery/us_powerball/check', {
      token,
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(200);
  });

  it('says "no prize" plainly: the one draw is listed with division null', async () => {
    const res = await check('us_powerball', { tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }] });
    expect(res.status).toBe(200);
    expect(res.body.tickets[0].results).toEqual([
      { date: '2026-08-05', main: [], special: [], division: null },
    ]);
    expect(res.headers.get('x-lottery-freshness')).toMatch(/^status=\w+, last-draw="2026-08-05"/);
  });

  it('answers as the question asks, never by the draws found: a range of one draw lists only wins, with sums', async () => {
    const losing = { main: [1, 2, 3, 4, 5], special: [1] };
    const winning = CASES.find((c) => c.tag === 'us_powerball')!;
    const range = await check('us_powerball', {
      tickets: [losing, winning.ticket],
      from: winning.date,
      to: winning.date,
    });
    expect(range.status).toBe(200);
    expect(range.body).toMatchObject({ from: winning.date, to: winning.date, draws: 1 });
    expect(range.body.tickets[0]).toEqual({ ...losing, won: [], amountsUnknown: 0, results: [] });
    expect(range.body.tickets[1]).toEqual({
      ...winning.ticket,
      won: [{ currency: 'USD', amount: 7 }],
      amountsUnknown: 0,
      results: [{ date: winning.date, ...winning.expected }],
    });
    // The same draw asked by its date: one entry per line, the losing one with division null, and no sums.
    const date = await check('us_powerball', { tickets: [losing, winning.ticket], date: winning.date });
    expect(date.body.tickets.map((t: { results: unknown[] }) => t.results.length)).toEqual([1, 1]);
    expect(date.body.tickets[0]).not.toHaveProperty('won');
    expect(date.body.tickets[0].results[0].division).toBeNull();
  });

  it("counts only SuperEnalotto's Jolly: a line holding the SuperStar does not match it", async () => {
    const res = await check('it_superenalotto', {
      tickets: [{ main: [14, 29, 34, 57, 59, 16] }],
      date: '2026-05-23',
    });
    expect(res.body.tickets[0].results[0]).toEqual({
      date: '2026-05-23',
      main: [14, 29, 34, 57, 59],
      special: [],
      division: won(3, 5, 0, parimutuel),
    });
  });

  it('marks a draw whose prize structure is not known: matches, division null, prizesKnown false', async () => {
    // de_lotto's structure is documented from 2013-05-04 (the Zusatzzahl of earlier draws is not in the data).
    const res = await check('de_lotto', {
      tickets: [{ main: [1, 2, 3, 4, 5, 6], special: [0] }],
      date: '2000-12-06',
    });
    expect(res.status).toBe(200);
    expect(res.body.prizesUnknown).toBe(1);
    expect(res.body.tickets[0].results[0]).toMatchObject({
      date: '2000-12-06',
      division: null,
      prizesKnown: false,
    });
  });

  /** The bundled Powerball draws, oldest first: [date, main, special]. */
  const powerballCsv = () =>
    readFileSync(join(bundledDataDir(), 'us_powerball.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .sort(([a], [b]) => a.localeCompare(b));

  /**
   * An independent recomputation of a line's Powerball wins since 2015-10-07, newest first: the CSV read here, the
   * 2015 prize table by its matches (5 + 0 .. 0 + 1).
   */
  const powerballWinsSince2015 = (ticket: { main: number[]; special: number[] }) => {
    const table: Record<string, number> = {
      '5+1': 1,
      '5+0': 2,
      '4+1': 3,
      '4+0': 4,
      '3+1': 5,
      '3+0': 6,
      '2+1': 7,
      '1+1': 8,
      '0+1': 9,
    };
    return powerballCsv()
      .filter(([date]) => date >= '2015-10-07')
      .map(([date, main, special]) => {
        const m = main
          .split(' ')
          .map(Number)
          .filter((n) => ticket.main.includes(n)).length;
        const s = special
          .split(' ')
          .map(Number)
          .filter((n) => ticket.special.includes(n)).length;
        return { date, rank: table[`${m}+${s}`] };
      })
      .filter((r) => r.rank !== undefined)
      .sort((a, b) => b.date.localeCompare(a.date));
  };

  const datesAndRanks = (results: Array<{ date: string; division: { rank: number } }>) =>
    results.map((r) => ({ date: r.date, rank: r.division.rank }));

  it('checks a range: only the wins, newest first, the same as recomputed from the bundled CSV', async () => {
    const ticket = { main: [3, 11, 26, 40, 62], special: [7] };
    const res = await check('us_powerball', { tickets: [ticket], from: '2015-10-07' });
    expect(res.status).toBe(200);
    const expected = powerballWinsSince2015(ticket);
    expect(expected.length).toBeGreaterThan(20);
    expect(res.body.draws).toBe(powerballCsv().filter(([date]) => date >= '2015-10-07').length);
    expect(res.body.from).toBe('2015-10-07');
    expect(res.body.to).toBe('2026-08-05');
    // Every draw checked is of an era the line fits: nothing skipped, and no `skipped` field.
    expect(res.body.tickets[0]).not.toHaveProperty('skipped');
    expect(datesAndRanks(res.body.tickets[0].results)).toEqual(expected);
  });

  describe('over several rule eras: each ticket against the draws of the eras it fits (contract section 9)', () => {
    interface Era {
      from: string;
      main: { max: number };
      special: { max: number };
    }
    let lottery: { draws: { count: number; first: string; last: string }; rules: Era[] };
    /** The Powerball eras' [from, next era's from) and their draws in the bundled CSV. */
    const drawsBetween = (from: string, until: string) =>
      powerballCsv().filter(([date]) => date >= from && date < until).length;

    beforeAll(async () => {
      lottery = (await api.get('/lottery/us_powerball', { token })).body;
      // The figures the tests below derive from: the lottery's own, the same as the bundle's.
      expect(lottery.draws.count).toBe(powerballCsv().length);
      expect(lottery.rules.at(-1)).toMatchObject({
        from: '2015-10-07',
        main: { max: 69 },
        special: { max: 26 },
      });
    });

    it('a current line (a 69) over the whole history: the draws before 2015-10-07 are skipped, not refused', async () => {
      const current = lottery.rules.at(-1)!.from;
      const ticket = { main: [3, 11, 26, 40, 69], special: [7] };
      // `from` omitted: from the first draw.
      const res = await check('us_powerball', { tickets: [ticket], to: lottery.draws.last });
      expect(res.status).toBe(200);
      expect(res.body.draws).toBe(lottery.draws.count);
      expect(res.body.from).toBe(lottery.draws.first);
      expect(res.body.to).toBe(lottery.draws.last);
      const before = drawsBetween('0000-00-00', current);
      expect(before).toBeGreaterThan(1000);
      expect(res.body.tickets[0].skipped).toBe(before);
      expect(res.body.tickets[0].skipped).toBe(lottery.draws.count - drawsBetween(current, '9999-99-99'));
      // Its wins are those of its era only, as recomputed from the CSV.
      const wins = datesAndRanks(res.body.tickets[0].results);
      expect(wins.length).toBeGreaterThan(10);
      expect(wins.every((win) => win.date >= current)).toBe(true);
      expect(wins).toEqual(powerballWinsSince2015(ticket));
    });

    it('a line that fits only older eras is skipped for the draws of the others, and checked against its own', async () => {
      // 59 and a Powerball of 30: in range 2009-01-07 .. 2015-10-06 only (5/59 + 1/39, then 5/59 + 1/35).
      const ticket = { main: [5, 17, 28, 44, 59], special: [30] };
      const fitting = lottery.rules.filter((era) => era.main.max >= 59 && era.special.max >= 30);
      expect(fitting.map((era) => era.from)).toEqual(['2009-01-07', '2012-01-18']);
      const [start, end] = ['2009-01-07', lottery.rules.at(-1)!.from];
      const current = { main: [3, 11, 26, 40, 69], special: [7] };
      const res = await check('us_powerball', { tickets: [ticket, current], from: '1800-01-01' });
      expect(res.status).toBe(200);
      expect(res.body.tickets[0].skipped).toBe(lottery.draws.count - drawsBetween(start, end));
      // Each ticket has its own count: the current line skips the draws before 2015-10-07.
      expect(res.body.tickets[1].skipped).toBe(drawsBetween('0000-00-00', end));
      // The same wins as a check of its eras' draws alone, where nothing is skipped.
      const own = await check('us_powerball', { tickets: [ticket], from: start, to: '2015-10-06' });
      expect(own.status).toBe(200);
      expect(own.body.draws).toBe(drawsBetween(start, end));
      expect(own.body.tickets[0]).not.toHaveProperty('skipped');
      expect(own.body.tickets[0].results.length).toBeGreaterThan(0);
      expect(res.body.tickets[0].results).toEqual(own.body.tickets[0].results);
    });

    it('one draw of an era the line does not fit: a 400, as it fits no era checked', async () => {
      const res = await check('us_powerball', {
        tickets: [{ main: [3, 11, 26, 40, 69], special: [7] }],
        date: powerballCsv()
          .filter(([date]) => date < '2015-10-07')
          .at(-1)![0],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        errorBody.badRequest(
          Messages.invalidFieldProblem(
            'tickets[0].main',
            '69 is out of range 1-59 (the rules from 2012-01-18).',
          ),
        ),
      );
    });

    it('names every ticket at fault in one 400, in ticket order, not only the first', async () => {
      const res = await check('us_powerball', {
        tickets: [
          { main: [1, 2, 3, 4, 70], special: [7] },
          { main: [3, 11, 26, 40, 69], special: [7] },
          { main: [1, 2, 3, 4, 5], special: [43] },
        ],
        from: '1800-01-01',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        errorBody.badRequest(
          [
            Messages.invalidFieldProblem(
              'tickets[0].main',
              '70 is out of range 1-69 (the rules from 2015-10-07).',
            ),
            Messages.invalidFieldProblem(
              'tickets[2].special',
              '43 is out of range 1-26 (the rules from 2015-10-07).',
            ),
          ].join('; '),
        ),
      );
    });

    it('bounds the work over every draw of the range, skipped ones included', async () => {
      // 3 current lines over the whole history are within 10,000 tickets × draws; 4 are not, though each of them
      // is checked against the draws since 2015-10-07 only.
      const line = (n: number) => ({ main: [1, 2, 3, 4, 69 - n], special: [7] });
      const three = await check('us_powerball', { tickets: [0, 1, 2].map(line), from: '1800-01-01' });
      expect(three.status).toBe(200);
      // Counted over the draws checked against, 4 lines would be within the bound: the bound is over all of them.
      expect(4 * drawsBetween(lottery.rules.at(-1)!.from, '9999-99-99')).toBeLessThanOrEqual(10_000);
      expect(4 * lottery.draws.count).toBeGreaterThan(10_000);
      const four = await check('us_powerball', { tickets: [0, 1, 2, 3].map(line), from: '1800-01-01' });
      expect(four.status).toBe(400);
      expect(four.body).toEqual(errorBody.badRequest(Messages.checkTooLarge));
    });
  });

  /** 100 distinct 6-of-49 lines with a Superzahl each. */
  const hundredLines = () => {
    const lines: { main: number[]; special: number[] }[] = [];
    for (let a = 5; lines.length < 100; a++)
      for (let b = a + 1; b <= 49 && lines.length < 100; b++)
        lines.push({ main: [1, 2, 3, 4, a, b], special: [lines.length % 10] });
    return lines;
  };

  it('checks one line against the whole history of the largest lottery in one request', async () => {
    const res = await check('de_lotto', {
      tickets: [{ main: [1, 2, 3, 4, 5, 6], special: [0] }],
      from: '1800-01-01',
    });
    expect(res.status).toBe(200);
    expect(res.body.draws).toBe(5031);
    // Every listed win is a division of a documented period, newest first.
    const dates = res.body.tickets[0].results.map((r: { date: string }) => r.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const result of res.body.tickets[0].results) expect(result.division.rank).toBeGreaterThanOrEqual(1);
  });

  describe('work per request is bounded: tickets × draws ≤ 10,000 (contract section 9)', () => {
    // de_lotto's 100 latest draws, and the 101 latest, from the bundled CSV (newest last in the file).
    const dates = readFileSync(join(bundledDataDir(), 'de_lotto.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.slice(0, 10))
      .sort()
      .reverse();

    it('100 lines over 100 draws are checked', async () => {
      const tickets = hundredLines();
      expect(new Set(tickets.map((t) => t.main.join())).size).toBe(100);
      const res = await check('de_lotto', { tickets, from: dates[99] });
      expect(res.status).toBe(200);
      expect(res.body.draws).toBe(100);
      expect(res.body.tickets).toHaveLength(100);
    });

    it.each([
      ['100 lines over 101 draws', 100, () => ({ from: dates[100] })],
      ['2 lines over the whole history', 2, () => ({ from: '1800-01-01' })],
    ])('%s: 400, nothing checked', async (_name, lines, range) => {
      const res = await check('de_lotto', { tickets: hundredLines().slice(0, lines), ...range() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.checkTooLarge));
    });
  });

  it.each([
    [{}, Messages.ticketsInvalid],
    [{ tickets: [] }, Messages.ticketsInvalid],
    [{ tickets: 'x' }, Messages.ticketsInvalid],
    [{ tickets: Array(101).fill({ main: [1, 2, 3, 4, 5], special: [1] }) }, Messages.ticketsInvalid],
    [{ tickets: [42] }, Messages.invalidField('tickets[0]', 'an object {main, special?}')],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }, { main: [1, 'x'] }] },
      Messages.invalidField('tickets[1].main', 'an array of at most 20 integers'),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: 7 }] },
      Messages.invalidField('tickets[0].special', 'an array of at most 20 integers'),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }], date: '2026-08-05', from: '2026-01-01' },
      Messages.checkDateAndRange,
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }], from: '2026-02-01', to: '2026-01-01' },
      Messages.fromAfterTo,
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }], date: '2026-02-30' },
      Messages.invalidField('date', "'YYYY-MM-DD' format"),
    ],
    [{ tickets: [{ main: [1, 2, 3, 4, 5], special: [1] }], from: '1799-12-31' }, Messages.drawDateTooEarly],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5, 6], special: [1] }] },
      Messages.invalidFieldProblem(
        'tickets[0].main',
        'expected 5 numbers from 1 to 69 (the rules from 2015-10-07), got 6.',
      ),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 70], special: [1] }] },
      Messages.invalidFieldProblem('tickets[0].main', '70 is out of range 1-69 (the rules from 2015-10-07).'),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 4], special: [1] }] },
      Messages.invalidFieldProblem('tickets[0].main', '4 is repeated.'),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5] }] },
      Messages.invalidFieldProblem(
        'tickets[0].special',
        'expected 1 number from 1 to 26 (the rules from 2015-10-07), got 0.',
      ),
    ],
    [
      { tickets: [{ main: [1, 2, 3, 4, 5], special: [27] }] },
      Messages.invalidFieldProblem(
        'tickets[0].special',
        '27 is out of range 1-26 (the rules from 2015-10-07).',
      ),
    ],
    // A range reaching the 5/59 era: 70 fits neither era, and is named under the newest one's rules.
    [
      { tickets: [{ main: [3, 11, 26, 40, 70], special: [7] }], from: '2015-01-01' },
      Messages.invalidFieldProblem('tickets[0].main', '70 is out of range 1-69 (the rules from 2015-10-07).'),
    ],
    // One ticket at fault among others: its message alone, as when it is the only one.
    [
      {
        tickets: [
          { main: [1, 2, 3, 4, 5], special: [1] },
          { main: [1, 2, 3, 4, 4], special: [1] },
          { main: [1, 2, 3, 4, 6], special: [1] },
        ],
      },
      Messages.invalidFieldProblem('tickets[1].main', '4 is repeated.'),
    ],
  ])('us_powerball %j → 400', async (body, message) => {
    const res = await check('us_powerball', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(message));
  });

  it('refuses specials on a line where they come from the main pool', async () => {
    const res = await check('uk_lotto', { tickets: [{ main: [1, 2, 3, 4, 5, 6], special: [7] }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody.badRequest(
        Messages.invalidFieldProblem(
          'tickets[0].special',
          "uk_lotto's special numbers are drawn from the main pool and match the main numbers; send the main numbers only.",
        ),
      ),
    );
  });

  it('answers 404 for an unknown lottery and for a date without a draw, and charges every request one unit', async () => {
    const holder = await newTokenHolder(api);
    const ask = (tag: string, body: unknown) =>
      api.post(`/lottery/${tag}/check`, { token: holder.token, body });
    const ticket = { main: [1, 2, 3, 4, 5], special: [1] };
    const unknown = await ask('xx_nothing', { tickets: [ticket] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    const noDraw = await ask('us_powerball', { tickets: [ticket], date: '2026-08-04' });
    expect(noDraw.status).toBe(404);
    expect(noDraw.body).toEqual(errorBody.notFound(Messages.drawNotFound));
    const bad = await ask('us_powerball', { tickets: [] });
    expect(bad.status).toBe(400);
    const ok = await ask('us_powerball', { tickets: Array(100).fill(ticket) });
    expect(ok.status).toBe(200);
    // Four requests reached the charge (step 7 of the order of checks): two 404s, a 400 and this one.
    expect(Number(ok.headers.get('x-quota-remaining'))).toBe(Number(ok.headers.get('x-quota-limit')) - 4);
  });

  it('uses the prize structure an administrator sets with the rules, and refuses a malformed one', async () => {
    const admin = await newAdmin(app, api);
    const era = {
      from: '2020-01-01',
      main: { count: 3, min: 1, max: 20 },
      special: { count: 1, min: 1, max: 20, pool: 'main' },
    };
    const lottery = {
      tag: 'xx_check',
      name: 'Check',
      country: 'XX',
      timezone: 'UTC',
      drawOrder: true,
      source: 'test',
    };
    const bad = await api.post('/admin/lotteries', {
      jwt: admin.jwt,
      body: {
        ...lottery,
        rules: [
          {
            ...era,
            prizes: [
              {
                from: '2020-01-01',
                source: 's',
                divisions: [{ rank: 1, main: 4, prize: { type: 'jackpot' } }],
              },
            ],
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorBody.badRequest(
        Messages.invalidFieldProblem(
          'rules[0]',
          'prizes[0].divisions[0].main must be a whole number from 0 to 3.',
        ),
      ),
    );
    const prizes = [
      {
        from: '2020-01-01',
        source: 'typed in by the test',
        divisions: [
          { rank: 1, main: 3, prize: { type: 'jackpot' } },
          { rank: 2, main: 2, special: 1, prize: { type: 'fixed', amount: 12.5, currency: 'EUR' } },
          { rank: 3, main: 2, prize: { type: 'free-play' } },
        ],
      },
    ];
    const created = await api.post('/admin/lotteries', {
      jwt: admin.jwt,
      body: { ...lottery, rules: [{ ...era, prizes }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.rules[0]).toEqual({
      from: '2020-01-01',
      main: { count: 3, min: 1, max: 20, distinct: true },
      special: { count: 1, min: 1, max: 20, distinct: true, pool: 'main' },
      prizes,
    });
    await api.put('/admin/lotteries/xx_check/draws/2026-01-01', {
      jwt: admin.jwt,
      body: { main: [1, 2, 3], special: [4] },
    });
    const res = await check('xx_check', {
      tickets: [{ main: [1, 2, 4] }, { main: [1, 2, 9] }, { main: [7, 8, 9] }],
    });
    expect(
      res.body.tickets.map((t: { results: Array<{ division: unknown }> }) => t.results[0].division),
    ).toEqual([won(2, 2, 1, fixed(12.5, 'EUR')), won(3, 2, 0, { type: 'free-play' }), null]);
  });

  it("checks both rounds of a UK Lotto night (since 2026-06-10) against the era's prize ladder, each with `round`", async () => {
    const admin = await newAdmin(app, api);
    const put = (round: number, main: number[], special: number[]) =>
      api.put(`/admin/lotteries/uk_lotto/draws/2026-06-13?round=${round}`, {
        jwt: admin.jwt,
        body: { main, special },
      });
    expect((await put(1, [1, 2, 3, 4, 5, 6], [7])).status).toBe(201);
    expect((await put(2, [11, 22, 33, 44, 55, 59], [8])).status).toBe(201);
    const res = await check('uk_lotto', {
      date: '2026-06-13',
      tickets: [
        { main: [1, 2, 3, 4, 5, 6] },
        { main: [11, 22, 33, 44, 55, 59] },
        { main: [11, 22, 33, 44, 55, 8] },
      ],
    });
    expect(res.status).toBe(200);
    const results = (i: number) =>
      res.body.tickets[i].results.map((r: { round: number; division: { rank: number } | null }) => [
        r.round,
        r.division,
      ]);
    const jackpot = won(1, 6, 0, { type: 'jackpot' });
    // Newest round first; a full match of round one and of round two are both the jackpot division.
    expect(results(0)).toEqual([
      [2, null],
      [1, jackpot],
    ]);
    expect(results(1)).toEqual([
      [2, jackpot],
      [1, null],
    ]);
    // 5 + the Bonus Ball of round two: that round's rank 2, GBP 1,000,000.
    expect(results(2)).toEqual([
      [2, won(2, 5, 1, fixed(1_000_000, 'GBP'))],
      [1, null],
    ]);
  });

  it('needs a token, like the other lottery routes', async () => {
    const res = await api.post('/lottery/us_powerball/check', { body: { tickets: [] } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody.unauthorized(Messages.tokenHeaderMissing));
  });
});
