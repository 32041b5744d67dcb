import { Logger } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { runCli } from '../src/bin/cli';
import { FIRST_CHECK_DELAY_MS } from '../src/modules/ingestion/sync-scheduler.service';
import { sql } from './support/fixtures';
import { http, type Http } from './support/http';
import { LOCAL_SOURCES, logMessages, pointSourcesAt, setUp, startPollingInstance } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import { createTestApp, provisionDatabase, type TestApp } from './support/test-app';
import { TEST_ENV } from './support/test-engine';
import { eventually, timed } from './support/timing';

/**
 * SYNC is on by default (issue 31): a service started without it keeps its lotteries current. Start-up and
 * readiness never wait for a source, and a source that does not answer costs the readers nothing.
 */
describe('sync on by default', () => {
  let primary: TestApp;
  let sources: SourceServer;
  let token: string;
  /**
   * Background work logs through the first app's logger in the process (nestjs-pino's logger outside a request):
   * the primary's, whatever instance runs it.
   */
  let logs: string[];

  beforeAll(async () => {
    sources = await startSourceServer();
    sources.answer('/hang', 'hang');
    sources.answer('/down', { status: 500, type: 'text/plain', body: 'boom' });
    // The primary has SYNC=off (the tests' settings): the bundled sources name the operators' hosts.
    ({ app: primary, token, logs } = await setUp({ LOG_LEVEL: 'log' }));
  });
  afterAll(async () => {
    await primary?.close();
    await sources?.close();
  });

  it('an instance started without SYNC polls soon after start, while it is ready and its reads are served', async () => {
    await pointSourcesAt(primary, { us_powerball: sources.url('/hang') });
    const started = Date.now();
    // SYNC unset (empty is unset): the default, on; SYNC_CHECK_INTERVAL_MS its default, a minute.
    const instance = await createTestApp(
      { ...LOCAL_SOURCES, SYNC: '', SYNC_TIMEOUT_MS: '60000' },
      { shareDatabaseWith: primary },
    );
    // Booting takes seconds on a loaded machine: "soon" is counted from when the instance is up.
    const up = Date.now();
    try {
      const api: Http = http(instance.baseUrl);
      // Ready at once: start-up did not wait for the source (the first look comes FIRST_CHECK_DELAY_MS later).
      expect(sources.requests.filter((r) => r.path === '/hang')).toHaveLength(0);
      expect((await api.get('/health/ready')).status).toBe(200);
      expect(logMessages(logs)).toMatch(/Scheduler on \(instance [0-9a-f]{12}; SYNC=off turns it off\)/);

      // The first look, seconds after start, not a whole interval (a minute) later.
      await eventually(
        async () => expect(sources.requests.filter((r) => r.path === '/hang')).toHaveLength(1),
        FIRST_CHECK_DELAY_MS + 5_000,
      );
      const asked = sources.requests.find((r) => r.path === '/hang')!;
      expect(asked.at - started).toBeGreaterThanOrEqual(FIRST_CHECK_DELAY_MS - 100);
      expect(asked.at - up).toBeLessThan(FIRST_CHECK_DELAY_MS + 5_000);

      // The source hangs (its fetch is in flight, 60 s allowed): readiness and metered reads answer as always.
      for (let i = 0; i < 5; i++) {
        const ready = await timed(() => api.get('/health/ready'));
        expect(ready.result.status).toBe(200);
        expect(ready.result.body.status).toBe('ok');
        expect(ready.ms).toBeLessThan(500);
        const read = await timed(() => api.get('/lottery/us_powerball/draw/latest/numbers', { token }));
        expect(read.result.status).toBe(200);
        expect(read.ms).toBeLessThan(250);
      }
      expect(sources.requests.find((r) => r.path === '/hang')!.status).toBeUndefined(); // still unanswered
    } finally {
      // Shutdown stops the fetch in flight: it does not wait out the source's 60 s.
      const closing = await timed(() => instance.close());
      expect(closing.ms).toBeLessThan(10_000);
    }
  }, 30_000);

  it('an unreachable source of a lottery years behind is asked with back-off, not at every check', async () => {
    await pointSourcesAt(primary, { us_powerball: sources.url('/down') });
    // The fetch that the shutdown above interrupted was not held against the source: no failure, no back-off.
    expect(
      await sql(
        primary,
        `SELECT consecutive_failures, backoff_step, next_attempt_at, last_attempt_at
                            FROM draw_sources WHERE lottery_tag = 'us_powerball'`,
      ),
    ).toEqual([{ consecutive_failures: 0, backoff_step: 0, next_attempt_at: null, last_attempt_at: null }]);
    const before = sources.requests.length;
    // Checks every 20 ms; retries from 200 ms doubling up to 800 ms (the defaults: 5 minutes up to 6 hours).
    const poller = await startPollingInstance(primary, {
      SYNC_CHECK_INTERVAL_MS: '20',
      SYNC_RETRY_MIN_MS: '200',
      SYNC_RETRY_MAX_MS: '800',
    });
    const watchedFrom = Date.now();
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await poller.close();
    }
    const watchedMs = Date.now() - watchedFrom;
    const polls = sources.requests.slice(before).filter((r) => r.path === '/down');
    // About 150 checks in 3 s; with back-off (±20% jitter): attempts at 0, ≥160, ≥480, ≥1120, then ≥640 ms
    // apart: at most 7 in 3 s (and 5 when the jitter is high).
    expect(watchedMs).toBeGreaterThanOrEqual(3_000);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls.length).toBeLessThanOrEqual(8);
    const gaps = polls.slice(1).map((poll, i) => poll.at - polls[i].at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(Math.min(800, 200 * 2 ** i) * 0.8 - 1));
  }, 30_000);

  it('the command-line tool never starts the scheduler, even with SYNC=on (the running service polls)', async () => {
    const database = await provisionDatabase();
    const saved = { ...process.env };
    const said = jest.spyOn(Logger.prototype, 'log');
    try {
      Object.assign(process.env, {
        ...TEST_ENV,
        SYNC: 'on',
        LOG_LEVEL: 'log',
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
      });
      const io = { out: () => undefined, err: () => undefined, progress: new PassThrough() };
      // The tool as `npm run cli` boots it (from the environment), on a database of its own.
      expect(await runCli(['lotteries'], io)).toBe(0);
      const messages = said.mock.calls.map(([message]) => String(message));
      expect(messages).toContainEqual(expect.stringMatching(/^Catalog loaded/)); // it did boot, and log
      expect(messages).not.toContainEqual(expect.stringMatching(/^Scheduler on/));
    } finally {
      said.mockRestore();
      process.env = saved;
      await database.dispose();
    }
  }, 60_000);
});
