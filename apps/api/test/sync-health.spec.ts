import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import type { Http } from './support/http';
import { NOW, pointSourcesAt, setUp } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import type { TestApp } from './support/test-app';
import { eventually } from './support/timing';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'sources', name), 'utf8');

/** A gauge's value for one lottery in the /metrics text; undefined when the series is absent. */
function gauge(text: string, name: string, lottery: string): number | undefined {
  const match = new RegExp(`^${name}\\{lottery="${lottery}"\\} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * A failing source is visible (issue 31): in X-Lottery-Freshness (`source=ok|failing|none`, from memory) and in
 * /metrics (the lottery_source_* gauges, read at scrape time), besides the Sync page (GET /admin/sync).
 */
describe("a source's state, where operators and clients see it", () => {
  let app: TestApp;
  let api: Http;
  let token: string;
  let jwt: string;
  let sources: SourceServer;
  const sync = () => app.running.app.get(DrawSyncService).syncLottery('us_powerball');
  const header = async (tag: string) =>
    (await api.get(`/lottery/${tag}/draw/latest/numbers`, { token })).headers.get('x-lottery-freshness') ??
    '';
  /**
   * A scrape with the source gauges: a scrape leaves them out when the database takes over a second to answer (by
   * design, see SourceMetrics), which a loaded test machine can make happen; the next scrape has them.
   */
  const metrics = async () => {
    let text = '';
    await eventually(async () => {
      text = (await api.get('/metrics')).text;
      expect(text).toMatch(/^lottery_source_up\{/m);
    });
    return text;
  };

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, token, admin } = await setUp());
    jwt = admin.jwt;
    // us_powerball's source on the local server; every other lottery's disabled.
    await pointSourcesAt(app, { us_powerball: sources.url('/pb') });
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('none without an enabled source; ok for a source not asked yet', async () => {
    await eventually(async () => expect(await header('eu_euromillions')).toMatch(/, source=none$/));
    expect(await header('us_powerball')).toMatch(/^status=stale, .*, source=ok$/);
    const text = await metrics();
    expect(gauge(text, 'lottery_source_up', 'us_powerball')).toBe(1);
    expect(gauge(text, 'lottery_source_consecutive_failures', 'us_powerball')).toBe(0);
    // Never answered yet: no timestamp (0 would read as 1970).
    expect(gauge(text, 'lottery_source_last_success_timestamp_seconds', 'us_powerball')).toBeUndefined();
    // A disabled source has no gauges.
    expect(gauge(text, 'lottery_source_up', 'eu_euromillions')).toBeUndefined();
    expect(text).toMatch(/^# HELP lottery_source_up /m);
  });

  it('failing once its last attempt failed, with the failures counted; ok again once it answers', async () => {
    sources.answer('/pb', { status: 500, type: 'text/plain', body: 'boom' });
    await sync();
    await sync();
    await eventually(async () => expect(await header('us_powerball')).toMatch(/, source=failing$/));
    let text = await metrics();
    expect(gauge(text, 'lottery_source_up', 'us_powerball')).toBe(0);
    expect(gauge(text, 'lottery_source_consecutive_failures', 'us_powerball')).toBe(2);
    // The Sync page says the same, with the reason.
    const state = (await api.get('/admin/sync/us_powerball', { jwt })).body;
    expect(state).toMatchObject({ lastError: 'HTTP 500 Internal Server Error', consecutiveFailures: 2 });

    sources.answer('/pb', { body: fixture('powerball.json') });
    expect((await sync()).error).toBeNull();
    await eventually(async () =>
      expect(await header('us_powerball')).toMatch(/^status=current, .*, source=ok$/),
    );
    text = await metrics();
    expect(gauge(text, 'lottery_source_up', 'us_powerball')).toBe(1);
    expect(gauge(text, 'lottery_source_consecutive_failures', 'us_powerball')).toBe(0);
    expect(gauge(text, 'lottery_source_last_success_timestamp_seconds', 'us_powerball')).toBe(
      NOW.getTime() / 1000,
    );
  });

  it('the header costs no database round trip: the state is in memory', async () => {
    const dataSource = app.running.app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query');
    try {
      for (let i = 0; i < 20; i++) expect(await header('us_powerball')).toMatch(/, source=ok$/);
      const sourceQueries = query.mock.calls.filter(([sql]) => String(sql).includes('draw_sources'));
      expect(sourceQueries).toEqual([]);
    } finally {
      query.mockRestore();
    }
  });
});
