import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { sql } from './support/fixtures';
import { type SourceServer, startSourceServer } from './support/source-server';
import { TestApp } from './support/test-app';
import { eventually } from './support/timing';
import { logMessages, setUp } from './support/ingestion';

// A file of its own: Nest's static logger follows the first app of a test file, and this test reads the log.
// The feed is made up (UK Lotto's two rounds a night from 2026-06-10, `drawRound` ONE/TWO as the operator's JSON).
describe('corrections of a feed with two rounds per date (SYNC_ACCEPT_CORRECTIONS=on)', () => {
  let app: TestApp;
  let sources: SourceServer;
  let logs: string[];

  beforeAll(async () => {
    sources = await startSourceServer();
    let api: Awaited<ReturnType<typeof setUp>>['api'];
    let admin: { jwt: string };
    ({ app, api, logs, admin } = await setUp({ SYNC_ACCEPT_CORRECTIONS: 'on' }));
    const set = await api.put('/admin/sources/uk_lotto', {
      jwt: admin.jwt,
      body: {
        adapter: 'generic',
        url: sources.url('/uk.json'),
        mapping: { format: 'json', date: 'date', round: 'drawRound', main: 'balls', special: 'bonus' },
      },
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('writes each differing round at once, and its log line names the round when it is not the first', async () => {
    const publish = (one: string, two: string) =>
      sources.answer('/uk.json', {
        body: JSON.stringify([
          { date: '2026-08-12', drawRound: 'ONE', balls: one, bonus: 22 },
          { date: '2026-08-12', drawRound: 'TWO', balls: two, bonus: 30 },
        ]),
      });
    const sync = () => app.running.app.get(DrawSyncService).syncLottery('uk_lotto');
    publish('3 9 11 16 21 48', '5 7 18 37 41 59');
    expect((await sync()).inserted).toBe(2);
    publish('3 9 11 16 21 47', '5 7 18 37 41 58');
    const result = await sync();
    expect([result.error, result.corrected, result.conflicts, result.inserted]).toEqual([null, 2, 0, 0]);
    const source = `generic ${sources.url('/uk.json')}`;
    await eventually(async () => {
      const messages = logMessages(logs);
      expect(messages).toContain(
        `Correction of uk_lotto 2026-08-12 from ${source}: 3 9 11 16 21 48 + 22 replaced by 3 9 11 16 21 47 + 22`,
      );
      expect(messages).toContain(
        `Correction of uk_lotto 2026-08-12 round 2 from ${source}: 5 7 18 37 41 59 + 30 replaced by 5 7 18 37 41 58 + 30`,
      );
    });
    expect(
      await sql(
        app,
        `SELECT round, fetched_main FROM draw_conflicts WHERE lottery_tag = 'uk_lotto' AND status = 'corrected'
         ORDER BY round`,
      ),
    ).toEqual([
      { round: 1, fetched_main: [3, 9, 11, 16, 21, 47] },
      { round: 2, fetched_main: [5, 7, 18, 37, 41, 58] },
    ]);
  });
});
