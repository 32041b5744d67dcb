import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { sql } from './support/fixtures';
import { Http } from './support/http';
import { type SourceServer, startSourceServer } from './support/source-server';
import { TestApp } from './support/test-app';
import { eventually } from './support/timing';
import { logMessages, POWERBALL_SOURCE, setUp } from './support/ingestion';

// A file of its own: Nest's static logger follows the first app of a test file, and this test reads the log.
describe('ingestion with SYNC_ACCEPT_CORRECTIONS=on', () => {
  let app: TestApp;
  let sources: SourceServer;
  let logs: string[];
  let jwt: string;
  let token: string;
  let api: Http;

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, logs, token, admin } = await setUp({ SYNC_ACCEPT_CORRECTIONS: 'on' }));
    jwt = admin.jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('writes a differing draw at once, logs it as a correction and keeps it in the conflicts as corrected', async () => {
    const syncs = app.running.app.get(DrawSyncService);
    await syncs.syncLottery('us_powerball', { url: sources.url('/files/powerball.json') });
    const url = sources.url('/files/powerball-corrected.json');
    const result = await syncs.syncLottery('us_powerball', { url });
    expect([result.error, result.conflicts, result.corrected, result.inserted]).toEqual([null, 0, 2, 0]);
    expect(
      (await api.get('/lottery/us_powerball/draw/2026-08-10/numbers', { token })).body.numbers.at(-1),
    ).toEqual({ special: true, order: 0, value: 10 });
    // The logger writes asynchronously.
    await eventually(async () =>
      expect(logMessages(logs)).toContain(
        `Correction of us_powerball 2026-08-10 from ${POWERBALL_SOURCE} ${url}: 7 11 25 40 66 + 9 replaced by 7 11 25 40 66 + 10`,
      ),
    );
    const listed = await api.get('/admin/conflicts?status=corrected', { jwt });
    expect(listed.body.total).toBe(2);
    expect(await api.get('/admin/conflicts?status=open&limit=0', { jwt })).toMatchObject({
      body: { total: 0 },
    });
    const stored = await sql(
      app,
      `SELECT source FROM draws WHERE lottery_tag = 'us_powerball' AND draw_date = '2026-08-10'`,
    );
    expect(stored).toEqual([{ source: `${POWERBALL_SOURCE} ${url}` }]);
  });
});
