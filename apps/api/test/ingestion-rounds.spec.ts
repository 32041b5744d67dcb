import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { sql } from './support/fixtures';
import { Http } from './support/http';
import { type SourceServer, startSourceServer } from './support/source-server';
import { TestApp } from './support/test-app';
import { setUp } from './support/ingestion';

/**
 * A feed with several draws per date: UK Lotto draws two rounds a night from 2026-06-10 (its era in
 * lotteries.json has `rounds: 2`). The feed is made up for the test, shaped like the operator's JSON (a `drawRound`
 * of ONE or TWO beside each draw); its numbers are invented.
 */
describe('ingestion of a feed with two rounds per date', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let token: string;
  let sources: SourceServer;

  const URL_PATH = '/uk-lotto.json';
  const sync = () => app.running.app.get(DrawSyncService).syncLottery('uk_lotto');
  const row = (date: string, round: string, balls: string, bonus: number, jackpot?: string) => ({
    drawDate: date,
    drawRound: round,
    balls,
    bonus,
    ...(jackpot === undefined ? {} : { winners1: '0', prize1: jackpot }),
  });
  const publish = (rows: object[]) => sources.answer(URL_PATH, { body: JSON.stringify({ draws: rows }) });
  const draw = async (date: string, round: number) =>
    (await api.get(`/lottery/uk_lotto/draw/${date}/numbers?round=${round}`, { token })).body;
  const numbersOf = (main: number[], special: number[]) => [
    ...main.map((value, order) => ({ special: false, order, value })),
    ...special.map((value, order) => ({ special: true, order, value })),
  ];
  const ROUND_ONE = row('2026-08-12', 'ONE', '3 9 11 16 21 48', 22, '1000000.00');
  const ROUND_TWO = row('2026-08-12', 'TWO', '5 7 18 37 41 59', 30, '250000.00');

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, token, admin } = await setUp());
    jwt = admin.jwt;
    const set = await api.put('/admin/sources/uk_lotto', {
      jwt,
      body: {
        adapter: 'generic',
        url: sources.url(URL_PATH),
        mapping: {
          format: 'json',
          rows: 'draws',
          date: 'drawDate',
          round: 'drawRound',
          main: 'balls',
          special: 'bonus',
          prizes: { currency: 'GBP', divisions: [{ rank: 1, winners: 'winners1', amount: 'prize1' }] },
        },
      },
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('brings in both rounds of a date, each with its own prizes', async () => {
    publish([ROUND_ONE, ROUND_TWO]);
    const result = await sync();
    expect([result.error, result.inserted, result.conflicts, result.rejected]).toEqual([null, 2, 0, []]);
    expect(result.prizes).toBe(2);
    expect(await draw('2026-08-12', 1)).toEqual({
      date: '2026-08-12',
      round: 1,
      rounds: 2,
      numbers: numbersOf([3, 9, 11, 16, 21, 48], [22]),
    });
    expect(await draw('2026-08-12', 2)).toEqual({
      date: '2026-08-12',
      round: 2,
      rounds: 2,
      numbers: numbersOf([5, 7, 18, 37, 41, 59], [30]),
    });
    const prizes = await sql(
      app,
      `SELECT round, divisions->0->>'amountMinor' AS top FROM draw_prizes
       WHERE lottery_tag = 'uk_lotto' AND draw_date = '2026-08-12' ORDER BY round`,
    );
    expect(prizes).toEqual([
      { round: 1, top: '100000000' },
      { round: 2, top: '25000000' },
    ]);
  });

  it('changes nothing when the same feed comes again', async () => {
    const result = await sync();
    expect([result.error, result.inserted, result.unchanged, result.conflicts, result.prizes]).toEqual([
      null,
      0,
      2,
      0,
      0,
    ]);
  });

  it('rejects a round the era does not draw, a round before rounds began, and a round given twice', async () => {
    publish([
      ROUND_ONE,
      ROUND_TWO,
      row('2026-08-15', 'THREE', '1 2 3 4 5 6', 7),
      row('2025-07-26', 'TWO', '1 2 3 4 5 6', 7),
      { ...ROUND_TWO, balls: '1 2 3 4 5 6' },
      { ...ROUND_ONE, balls: '1 2 3 4 5 6' },
    ]);
    const result = await sync();
    expect([result.error, result.inserted, result.unchanged, result.conflicts]).toEqual([null, 0, 2, 0]);
    expect(result.rejected).toEqual([
      {
        row: 3,
        date: '2026-08-15',
        message: "round 3 does not exist: 2026-08-15 has 2 rounds under the lottery's rules",
      },
      {
        row: 4,
        date: '2025-07-26',
        message: "round 2 does not exist: 2025-07-26 has one round under the lottery's rules",
      },
      { row: 5, date: '2026-08-12', message: 'the answer holds round 2 of this date twice' },
      { row: 6, date: '2026-08-12', message: 'the answer holds this date twice' },
    ]);
  });

  it('records a differing round 2 as a conflict on round 2 only; accepting it writes round 2', async () => {
    publish([ROUND_ONE, { ...ROUND_TWO, balls: '5 7 18 37 41 58' }]);
    const result = await sync();
    expect([result.error, result.inserted, result.unchanged, result.conflicts]).toEqual([null, 0, 1, 1]);
    const open = (await api.get('/admin/conflicts?status=open', { jwt })).body.conflicts;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      lottery: 'uk_lotto',
      stored: { date: '2026-08-12', round: 2, numbers: numbersOf([5, 7, 18, 37, 41, 59], [30]) },
      fetched: { date: '2026-08-12', round: 2, numbers: numbersOf([5, 7, 18, 37, 41, 58], [30]) },
    });
    expect(
      await sql(app, `SELECT round FROM draw_conflicts WHERE lottery_tag = 'uk_lotto' AND status = 'open'`),
    ).toEqual([{ round: 2 }]);
    // Polling again raises nothing new, and the stored draw waits for a decision.
    expect((await sync()).conflicts).toBe(0);
    expect((await draw('2026-08-12', 2)).numbers).toEqual(numbersOf([5, 7, 18, 37, 41, 59], [30]));

    const accepted = await api.post(`/admin/conflicts/${open[0].id}/accept`, { jwt });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect((await draw('2026-08-12', 2)).numbers).toEqual(numbersOf([5, 7, 18, 37, 41, 58], [30]));
    expect((await draw('2026-08-12', 1)).numbers).toEqual(numbersOf([3, 9, 11, 16, 21, 48], [22]));
    expect(
      await sql(
        app,
        `SELECT round, source FROM draws WHERE lottery_tag = 'uk_lotto' AND draw_date = '2026-08-12'
         ORDER BY round`,
      ),
    ).toEqual([
      { round: 1, source: `generic ${sources.url(URL_PATH)}` },
      { round: 2, source: `generic ${sources.url(URL_PATH)}` },
    ]);
    // The accepted numbers are now the stored ones: the same feed again is unchanged.
    const again = await sync();
    expect([again.inserted, again.unchanged, again.conflicts]).toEqual([0, 2, 0]);
  });
});
