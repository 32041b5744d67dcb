import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { SyncScheduler } from '../src/modules/ingestion/sync-scheduler.service';
import type { Http } from './support/http';
import {
  LOCAL_SOURCES,
  pointSourcesAt,
  POWERBALL_SOURCE,
  setUp,
  startPollingInstance,
} from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/timing';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'sources', name), 'utf8');

/** pino's numeric levels. */
const LEVELS: Record<number, string> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error' };

/**
 * What the log says about a source (issue 31): once per change of state, never once per attempt. Read as an
 * operator reads it, the JSON lines (LOG_FORMAT=json) at debug level.
 */
describe('sync logging', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let logs: string[];
  let sources: SourceServer;
  const sync = (instance: TestApp = app) =>
    instance.running.app.get(DrawSyncService).syncLottery('us_powerball');
  /** The Powerball sync lines logged since `from` (an index into `logs`), as [level, message]. */
  const syncLines = (from: number) =>
    logs
      .slice(from)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.msg.startsWith('Sync of us_powerball'))
      .map((line) => [LEVELS[line.level], line.msg]);
  const url = () => sources.url('/pb');
  const label = () => `${POWERBALL_SOURCE} ${url()}`;

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    // No test here is about a slow source: a generous timeout, so that a loaded CI machine's pause never turns an
    // HTTP 500 into "no complete answer within 500 ms" (seen once in CI).
    ({ app, api, admin, logs } = await setUp({ LOG_LEVEL: 'debug', SYNC_TIMEOUT_MS: '10000' }));
    jwt = admin.jwt;
    // The lottery's own source (no fallbacks: the bundled ones name the operators' hosts), as the scheduler syncs it.
    const put = await api.put('/admin/sources/us_powerball', {
      jwt,
      body: { adapter: POWERBALL_SOURCE, url: url(), fallbacks: [] },
    });
    expect(put.status).toBe(200);
    // No other source is polled by the scheduler test below (the bundled ones name the operators' hosts).
    await pointSourcesAt(app, { us_powerball: url() });
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it('a source that keeps failing: one warning with the reason, then debug; one more when the reason changes', async () => {
    sources.answer('/pb', { status: 500, type: 'text/plain', body: 'boom' });
    const from = logs.length;
    for (let i = 0; i < 3; i++) expect((await sync()).error).toBe('HTTP 500 Internal Server Error');
    sources.answer('/pb', { status: 503, type: 'text/plain', body: 'later' });
    for (let i = 0; i < 2; i++) expect((await sync()).error).toBe('HTTP 503 Service Unavailable');
    await eventually(async () => expect(syncLines(from)).toHaveLength(5));
    expect(syncLines(from)).toEqual([
      ['warn', `Sync of us_powerball failed (${label()}): HTTP 500 Internal Server Error`],
      [
        'debug',
        `Sync of us_powerball failed (${label()}): HTTP 500 Internal Server Error (2 failed attempts)`,
      ],
      [
        'debug',
        `Sync of us_powerball failed (${label()}): HTTP 500 Internal Server Error (3 failed attempts)`,
      ],
      [
        'warn',
        `Sync of us_powerball failed (${label()}): HTTP 503 Service Unavailable (the reason changed after 3 ` +
          'failed attempts; it was: HTTP 500 Internal Server Error)',
      ],
      ['debug', `Sync of us_powerball failed (${label()}): HTTP 503 Service Unavailable (5 failed attempts)`],
    ]);
  });

  it('one info line when it answers again, naming the failed attempts; info when draws come, debug when none', async () => {
    sources.answer('/pb', { body: fixture('powerball.json') });
    const from = logs.length;
    expect((await sync()).inserted).toBe(3);
    expect((await sync()).inserted).toBe(0);
    await eventually(async () => expect(syncLines(from)).toHaveLength(3));
    expect(syncLines(from)).toEqual([
      ['info', `Sync of us_powerball: the source answers again after 5 failed attempts (${label()})`],
      ['info', 'Sync of us_powerball: 6 fetched, 3 new, 3 unchanged, 0 conflicts, 0 corrected, 0 rejected'],
      ['debug', 'Sync of us_powerball: 6 fetched, 0 new, 6 unchanged, 0 conflicts, 0 corrected, 0 rejected'],
    ]);
  });

  it('a source that is down (nothing listens): one warning, whatever the number of attempts', async () => {
    const closed = await startSourceServer();
    const downUrl = closed.url('/pb');
    await closed.close();
    await api.put('/admin/sources/us_powerball', { jwt, body: { adapter: POWERBALL_SOURCE, url: downUrl } });
    const from = logs.length;
    for (let i = 0; i < 4; i++) expect((await sync()).error).toBe('unreachable: ECONNREFUSED');
    await eventually(async () => expect(syncLines(from)).toHaveLength(4));
    expect(syncLines(from).map(([level]) => level)).toEqual(['warn', 'debug', 'debug', 'debug']);
    expect(syncLines(from)[0][1]).toBe(
      `Sync of us_powerball failed (${POWERBALL_SOURCE} ${downUrl}): unreachable: ECONNREFUSED`,
    );
    await api.put('/admin/sources/us_powerball', { jwt, body: { adapter: POWERBALL_SOURCE, url: url() } });
  });

  it('another process (a restart, another instance) goes on from the recorded state: no second warning', async () => {
    sources.answer('/pb', { status: 500, type: 'text/plain', body: 'boom' });
    await sync();
    await sync();
    // A process that has logged nothing about the source yet, on the same database.
    const other = await createTestApp(LOCAL_SOURCES, { shareDatabaseWith: app });
    try {
      const from = logs.length;
      expect((await sync(other)).error).toBe('HTTP 500 Internal Server Error');
      sources.answer('/pb', { body: fixture('powerball.json') });
      expect((await sync(other)).error).toBeNull();
      // Background work logs through the first app's logger in the process (nestjs-pino): these lines are its.
      await eventually(async () => expect(syncLines(from)).toHaveLength(3));
      expect(syncLines(from).slice(0, 2)).toEqual([
        [
          'debug',
          `Sync of us_powerball failed (${label()}): HTTP 500 Internal Server Error (3 failed attempts)`,
        ],
        ['info', `Sync of us_powerball: the source answers again after 3 failed attempts (${label()})`],
      ]);
    } finally {
      await other.close();
    }
  });

  it("the scheduler's own failures (a database outage): one error when they start, one line when they end", async () => {
    const lines = (from: number) =>
      logs
        .slice(from)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.msg.startsWith('Scheduler check'))
        .map((line) => [LEVELS[line.level], line.msg]);
    // Checks every 50 ms; no source of its own to poll (every one disabled but us_powerball, which is current).
    const poller = await startPollingInstance(app);
    try {
      const scheduler = poller.running.app.get(SyncScheduler);
      const check = jest.spyOn(scheduler, 'check').mockRejectedValue(new Error('Connection terminated'));
      const from = logs.length;
      await eventually(async () => expect(check.mock.calls.length).toBeGreaterThanOrEqual(5));
      check.mockRestore();
      await eventually(async () =>
        expect(lines(from).at(-1)).toEqual(['info', 'Scheduler checks work again']),
      );
      const seen = lines(from);
      expect(seen[0]).toEqual(['error', 'Scheduler check failed: Connection terminated']);
      expect(seen.filter(([level]) => level === 'error')).toHaveLength(1);
      expect(seen.slice(1, -1).every(([level]) => level === 'debug')).toBe(true);
    } finally {
      await poller.close();
    }
  });
});
