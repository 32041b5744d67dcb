import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { errorBody, Messages } from './support/contract-errors';
import { Http } from './support/http';
import { type SourceServer, startSourceServer } from './support/source-server';
import { TestApp } from './support/test-app';
import { setUp } from './support/ingestion';

/**
 * An XML publication shaped like the National Lottery's `results/lotto/draw-history/xml` (one `game` per draw,
 * balls as repeated elements, prize levels as `prize-tier level="N"` with the level's winners and its total). The
 * draws below are made up: dates after the bundled history (which ends 2025-07-30), invented numbers and prizes.
 */
function ukXml(draws: { date: string; balls: number[]; bonus: number; tiers: [number, string][] }[]): string {
  const game = (draw: (typeof draws)[number]) => `
  <draw-results>
    <game type="lotto">
      <draw><draw-date>${draw.date}</draw-date><draw-machine>ARTHUR</draw-machine></draw>
      <balls>
        <set>7</set>
        ${draw.balls.map((ball, i) => `<ball number="${i + 1}">${ball}</ball>`).join('\n        ')}
        <bonus-ball type="bonusball" number="1">${draw.bonus}</bonus-ball>
      </balls>
      <winners><confirmed>Y</confirmed><prize-tiers country="All">
        ${draw.tiers
          .map(
            ([winners, total], i) =>
              `<prize-tier level="${i + 1}"><number-of-winners>${winners}</number-of-winners>` +
              `<win-value>${total}</win-value><prize-type>CASH</prize-type></prize-tier>`,
          )
          .join('\n        ')}
      </prize-tiers></winners>
    </game>
    <is-latest-draw>N</is-latest-draw>
  </draw-results>
  <!-- a comment between draws, as the operator's file has -->`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<all-results>${draws.map(game).join('')}\n</all-results>\n`;
}

const tier = (rank: number) => ({
  rank,
  winners: `winners.prize-tiers.prize-tier[@level=${rank}].number-of-winners`,
  total: `winners.prize-tiers.prize-tier[@level=${rank}].win-value`,
});
const MAPPING = {
  format: 'xml',
  rows: 'all-results.draw-results.game',
  filter: { '@type': 'lotto' },
  date: 'draw.draw-date',
  main: 'balls.ball',
  special: 'balls.bonus-ball',
  prizes: { currency: 'GBP', divisions: [1, 2, 3, 4, 5, 6].map(tier) },
};

describe('ingestion of an XML publication, from a URL with placeholders', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let token: string;
  let sources: SourceServer;

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, token, admin } = await setUp());
    jwt = admin.jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('refuses a URL with an unknown placeholder when the source is saved (400 naming url)', async () => {
    const put = await api.put('/admin/sources/uk_lotto', {
      jwt,
      body: { adapter: 'generic', url: sources.url('/draws/{fromMs}/{toMs}'), mapping: MAPPING },
    });
    expect(put.status).toBe(400);
    expect(put.body).toEqual(
      errorBody.badRequest(
        Messages.invalidFieldProblem(
          'url',
          '{fromMs} is not a placeholder (known: {since}, {sinceMs}, {untilMs}, {isoWeek}, {year}, {contest}, in the path or the query).',
        ),
      ),
    );
  });

  it('asks for the dates the placeholders stand for, and stores the draws and prizes the XML holds', async () => {
    // The latest stored draw is the bundle's 2025-07-30: draws are asked for from 35 days before, 2025-06-25,
    // which starts at 2025-06-24T23:00Z in London (BST).
    const sinceMs = Date.UTC(2025, 5, 24, 23);
    sources.answer(`/draws/2025-06-25/${sinceMs}.xml`, {
      type: 'application/xml',
      body: ukXml([
        {
          date: '2025-08-02',
          balls: [4, 15, 23, 31, 42, 57],
          bonus: 9,
          tiers: [
            [0, '0.00'],
            [1, '1000000.00'],
            [10, '17500.00'],
            [1000, '140000.00'],
            [20000, '600000.00'],
            [300000, '600000.00'],
          ],
        },
        {
          date: '2025-08-06',
          balls: [1, 2, 13, 24, 35, 46],
          bonus: 59,
          tiers: [
            [1, '5500000.00'],
            [0, '0.00'],
            [0, '0.00'],
            [0, '0.00'],
            [0, '0.00'],
            [0, '0.00'],
          ],
        },
      ]),
    });
    const put = await api.put('/admin/sources/uk_lotto', {
      jwt,
      body: { adapter: 'generic', url: sources.url('/draws/{since}/{sinceMs}.xml'), mapping: MAPPING },
    });
    expect(put.status).toBe(200);
    const sync = () => app.running.app.get(DrawSyncService).syncLottery('uk_lotto');
    const result = await sync();
    expect(sources.requests.at(-1)!.path).toBe(`/draws/2025-06-25/${sinceMs}.xml`);
    expect([result.error, result.inserted, result.rejected, result.prizes]).toEqual([null, 2, [], 2]);
    expect((await api.get('/lottery/uk_lotto/draw/2025-08-02/numbers', { token })).body).toEqual({
      date: '2025-08-02',
      numbers: [
        ...[4, 15, 23, 31, 42, 57].map((value, order) => ({ special: false, order, value })),
        { special: true, order: 0, value: 9 },
      ],
    });
    const prizes = (await api.get('/lottery/uk_lotto/draw/2025-08-02/prizes', { token })).body;
    expect(prizes.currency).toBe('GBP');
    expect(
      prizes.divisions.map((d: { rank: number; winners: number; amount: number | null }) => [
        d.rank,
        d.winners,
        d.amount,
      ]),
    ).toEqual([
      [1, 0, null],
      [2, 1, 1_000_000],
      [3, 10, 1_750],
      [4, 1000, 140],
      [5, 20_000, 30],
      [6, 300_000, 2],
    ]);
    // The one jackpot winner took the whole pool.
    const august6 = (await api.get('/lottery/uk_lotto/draw/2025-08-06/prizes', { token })).body;
    expect(august6.jackpot).toMatchObject({ amount: 5_500_000, won: true });
    // The latest stored draw moved: so did the dates asked for.
    const again = await sync();
    expect([again.error, again.inserted]).toEqual(['HTTP 404 Not Found', 0]);
    expect(sources.requests.at(-1)!.path).toBe(`/draws/2025-07-02/${Date.UTC(2025, 6, 1, 23)}.xml`);
  });
});
