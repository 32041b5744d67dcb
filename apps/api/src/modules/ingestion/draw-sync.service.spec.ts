import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { NOW, POWERBALL_SOURCE, LOCAL_SOURCES } from '../../../test/support/ingestion';
import { type SourceServer, startSourceServer } from '../../../test/support/source-server';
import { openTestDataSource, type TestDataSource } from '../../../test/support/test-database';
import { TEST_ENV } from '../../../test/support/test-engine';
import { Clock } from '../../common/clock';
import { loadSettings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { DATABASE_ENGINE, DATABASE_URL } from '../../database/database-tokens';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { DrawIngestService } from './draw-ingest.service';
import { DrawSyncService } from './draw-sync.service';
import { releaseLease, tryLease } from './sync-lease';

/** A generic CSV source's mapping: `main` and `special` hold space-separated numbers. */
const CSV = { format: 'csv', date: 'date', main: 'main', special: 'special' };
const ETAG = '"de-2026-07-29"';
const LAST_MODIFIED = 'Thu, 30 Jul 2026 06:00:00 GMT';

interface SourceRow {
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  consecutive_failures: number;
  last_result: unknown;
  validators: Record<string, { etag: string | null; lastModified: string | null; request: string }>;
}

/**
 * DrawSyncService driven directly (no HTTP app): a real database on the test engine, the real ingest and catalog,
 * and a local HTTP server standing in for the publications (test/fixtures/sources). What a sync leaves behind is
 * read back with SQL: the draws, and the source's sync state in `draw_sources`. Each test syncs a lottery of its
 * own.
 */
describe('DrawSyncService', () => {
  let db: TestDataSource;
  let dataSource: DataSource;
  let dataDir: string;
  let module: TestingModule;
  let sync: DrawSyncService;
  let sources: SourceServer;

  /** Points a lottery's source at the local server, with these fallbacks, forgetting its sync state. */
  const pointSource = (
    tag: string,
    first: { adapter: string; url: string; mapping?: object },
    fallbacks: object[] = [],
  ) =>
    dataSource.query(
      `UPDATE draw_sources SET adapter = $2, url = $3, mapping = $4::jsonb, fallbacks = $5::jsonb,
         validators = '{}', last_attempt_at = NULL, last_success_at = NULL, last_error = NULL,
         consecutive_failures = 0, last_result = NULL
       WHERE lottery_tag = $1`,
      [tag, first.adapter, first.url, JSON.stringify(first.mapping ?? null), JSON.stringify(fallbacks)],
    );
  const sourceRow = async (tag: string): Promise<SourceRow> =>
    (
      await dataSource.query<SourceRow[]>(
        `SELECT last_attempt_at, last_success_at, last_error, consecutive_failures, last_result, validators
         FROM draw_sources WHERE lottery_tag = $1`,
        [tag],
      )
    )[0];
  const drawCount = async (tag: string): Promise<number> =>
    (
      await dataSource.query<{ n: number }[]>('SELECT count(*) AS n FROM draws WHERE lottery_tag = $1', [tag])
    )[0].n;
  const provenanceOf = async (tag: string, date: string) =>
    (
      await dataSource.query<{ source: string | null; fetched_at: Date | null }[]>(
        'SELECT source, fetched_at FROM draws WHERE lottery_tag = $1 AND draw_date = $2 AND round = 1',
        [tag, date],
      )
    )[0];
  /** The last request the local server received for `path`. */
  const lastAsked = (path: string) => sources.requests.filter((r) => r.path === path).at(-1);

  beforeAll(async () => {
    sources = await startSourceServer();
    db = await openTestDataSource();
    dataSource = db.dataSource;
    dataDir = mkdtempSync(join(tmpdir(), 'lrs-sync-spec-'));
    const settings = loadSettings({
      ...TEST_ENV,
      ...LOCAL_SOURCES,
      DATA_DIR: dataDir,
      SYNC_TIMEOUT_MS: '500',
    });
    module = await Test.createTestingModule({
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: DATABASE_URL, useValue: db.url },
        { provide: DATABASE_ENGINE, useValue: db.engine },
        { provide: SETTINGS, useValue: settings },
        // Friday 2026-08-14: the bundled US histories end a week before.
        { provide: Clock, useValue: { now: () => new Date(NOW) } },
        ChangeFeed,
        LotteryCatalog,
        DrawIngestService,
        DrawSyncService,
      ],
    }).compile();
    await module.init();
    await module.get(LotteryCatalog).loadAll();
    sync = module.get(DrawSyncService);
  });

  afterAll(async () => {
    await module?.close();
    await db?.close();
    await sources?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores its source's new draws with their provenance and records the success in the sync state", async () => {
    const url = sources.url('/files/powerball.json');
    await pointSource('us_powerball', { adapter: POWERBALL_SOURCE, url });
    const result = await sync.syncLottery('us_powerball');
    expect(result).toEqual({
      lottery: 'us_powerball',
      source: `${POWERBALL_SOURCE} ${url}`,
      fetched: 6,
      inserted: 3,
      unchanged: 3,
      conflicts: 0,
      corrected: 0,
      prizes: 0,
      ignored: 0,
      rejected: [],
      error: null,
    });
    // Asked for recent draws only: from five weeks before the latest stored one (2026-08-05).
    expect(lastAsked('/files/powerball.json')?.query.get('$where')).toBe(
      "draw_date >= '2026-07-01T00:00:00'",
    );
    expect(await provenanceOf('us_powerball', '2026-08-12')).toEqual({
      source: `${POWERBALL_SOURCE} ${url}`,
      fetched_at: NOW,
    });
    expect(await sourceRow('us_powerball')).toMatchObject({
      last_attempt_at: NOW,
      last_success_at: NOW,
      last_error: null,
      consecutive_failures: 0,
      last_result: result,
    });
  });

  it('a failing source writes nothing and is recorded failing, its failures counted until a success', async () => {
    sources.answer('/mm-down', { status: 503, type: 'text/plain', body: 'Service Unavailable' });
    sources.answer('/mm-moved', { body: '{"error":true,"message":"Dataset moved"}' });
    const before = await drawCount('us_megamillions');

    await pointSource('us_megamillions', { adapter: 'socrata-megamillions', url: sources.url('/mm-down') });
    expect(await sync.syncLottery('us_megamillions')).toMatchObject({
      error: 'HTTP 503 Service Unavailable',
      inserted: 0,
    });
    expect(await sourceRow('us_megamillions')).toMatchObject({
      last_attempt_at: NOW,
      last_success_at: null,
      last_error: 'HTTP 503 Service Unavailable',
      consecutive_failures: 1,
    });
    // An answer that is not the expected format is a failure too, and the run of failures goes on.
    await dataSource.query(`UPDATE draw_sources SET url = $2 WHERE lottery_tag = $1`, [
      'us_megamillions',
      sources.url('/mm-moved'),
    ]);
    expect((await sync.syncLottery('us_megamillions')).error).toBe('expected a JSON array of rows');
    expect(await sourceRow('us_megamillions')).toMatchObject({
      last_error: 'expected a JSON array of rows',
      consecutive_failures: 2,
    });
    expect(await drawCount('us_megamillions')).toBe(before);

    await dataSource.query(`UPDATE draw_sources SET url = $2 WHERE lottery_tag = $1`, [
      'us_megamillions',
      sources.url('/files/megamillions.json'),
    ]);
    expect(await sync.syncLottery('us_megamillions')).toMatchObject({
      error: null,
      inserted: 1,
      unchanged: 3,
    });
    expect(await sourceRow('us_megamillions')).toMatchObject({
      last_success_at: NOW,
      last_error: null,
      consecutive_failures: 0,
    });
    expect(await drawCount('us_megamillions')).toBe(before + 1);
  });

  it('a failing primary falls back to the next source in order; the draws name the one that answered', async () => {
    sources.answer('/fr-down.csv', { status: 503, type: 'text/plain', body: 'busy' });
    sources.answer('/fr-changed.csv', { type: 'text/csv', body: 'when,balls\n2025-05-12,4 17 29 33 41\n' });
    // fr_lotto draws on Monday, Wednesday and Saturday; the bundle ends on Saturday 2025-05-10.
    sources.answer('/fr-mirror.csv', {
      type: 'text/csv',
      body: 'date,main,special\n2025-05-14,1 9 18 27 36,4\n2025-05-12,4 17 29 33 41,2\n',
    });
    const [down, changed, mirror] = ['/fr-down.csv', '/fr-changed.csv', '/fr-mirror.csv'].map((path) => ({
      adapter: 'generic',
      url: sources.url(path),
      mapping: CSV,
    }));
    await pointSource('fr_lotto', down, [changed, mirror]);

    const result = await sync.syncLottery('fr_lotto');
    expect(result).toMatchObject({ error: null, inserted: 2, source: `generic ${mirror.url}` });
    expect(result.fallbackAfter).toEqual([
      `generic ${down.url}: HTTP 503 Service Unavailable`,
      expect.stringMatching(/^generic \S+\/fr-changed\.csv: the CSV has no column 'date'/),
    ]);
    expect(await provenanceOf('fr_lotto', '2025-05-14')).toEqual({
      source: `generic ${mirror.url}`,
      fetched_at: NOW,
    });
    expect(await sourceRow('fr_lotto')).toMatchObject({ last_error: null, consecutive_failures: 0 });

    // Every one failing: the error names each in the order tried, and nothing is written.
    sources.answer('/fr-mirror.csv', { status: 404, type: 'text/plain', body: 'gone' });
    const before = await drawCount('fr_lotto');
    const failed = await sync.syncLottery('fr_lotto');
    expect(failed.error).toMatch(
      /^generic \S+\/fr-down\.csv: HTTP 503 .*; generic \S+\/fr-changed\.csv: .*; generic \S+\/fr-mirror\.csv: HTTP 404 Not Found$/,
    );
    // The failure is recorded against the source as configured (its first endpoint).
    expect(failed.source).toBe(`generic ${down.url}`);
    expect(await drawCount('fr_lotto')).toBe(before);
    expect(await sourceRow('fr_lotto')).toMatchObject({ last_error: failed.error, consecutive_failures: 1 });
  });

  it('polls conditionally with the validators of the last answer read: a 304 reads and writes nothing', async () => {
    // de_lotto draws on Wednesday and Saturday; the bundle ends on Wednesday 2026-07-22.
    const body = 'date,main,special\n2026-07-29,3 8 19 27 36 44,5\n2026-07-25,1 12 23 34 45 49,0\n';
    sources.answer('/de.csv', {
      type: 'text/csv',
      body,
      headers: { ETag: ETAG, 'Last-Modified': LAST_MODIFIED },
    });
    await pointSource('de_lotto', { adapter: 'generic', url: sources.url('/de.csv'), mapping: CSV });
    const poll = () => sync.syncLottery('de_lotto', { conditional: true });
    const ingest = jest.spyOn(module.get(DrawIngestService), 'ingest');

    expect(await poll()).toMatchObject({ error: null, inserted: 2 });
    expect(lastAsked('/de.csv')?.ifNoneMatch).toBeUndefined(); // nothing known yet
    expect((await sourceRow('de_lotto')).validators).toEqual({
      [sources.url('/de.csv')]: { etag: ETAG, lastModified: LAST_MODIFIED, request: expect.any(String) },
    });

    ingest.mockClear();
    const count = await drawCount('de_lotto');
    const notModified = await poll();
    expect(lastAsked('/de.csv')).toMatchObject({
      ifNoneMatch: ETAG,
      ifModifiedSince: LAST_MODIFIED,
      status: 304,
    });
    expect(notModified).toMatchObject({
      error: null,
      notModified: true,
      fetched: 0,
      inserted: 0,
      unchanged: 0,
    });
    expect(ingest).not.toHaveBeenCalled();
    expect(await drawCount('de_lotto')).toBe(count);
    // A 304 is a success: recorded as one, with the validators kept.
    expect(await sourceRow('de_lotto')).toMatchObject({
      last_success_at: NOW,
      consecutive_failures: 0,
      last_result: notModified,
      validators: { [sources.url('/de.csv')]: { etag: ETAG } },
    });

    // A sync by hand (sync now, the command-line tool) reads the whole answer.
    const manual = await sync.syncLottery('de_lotto');
    expect(lastAsked('/de.csv')?.ifNoneMatch).toBeUndefined();
    expect(manual).toMatchObject({ fetched: 2, unchanged: 2 });
    expect(manual.notModified).toBeUndefined();

    // A source that only dates its answer: asked If-Modified-Since, and a 304 again.
    sources.answer('/de.csv', { type: 'text/csv', body, headers: { 'Last-Modified': LAST_MODIFIED } });
    expect((await poll()).notModified).toBeUndefined(); // the old ETag no longer matches: read in full
    expect((await sourceRow('de_lotto')).validators[sources.url('/de.csv')]).toMatchObject({
      etag: null,
      lastModified: LAST_MODIFIED,
    });
    ingest.mockClear();
    expect((await poll()).notModified).toBe(true);
    expect(lastAsked('/de.csv')).toMatchObject({ ifModifiedSince: LAST_MODIFIED, status: 304 });
    expect(lastAsked('/de.csv')?.ifNoneMatch).toBeUndefined();
    expect(ingest).not.toHaveBeenCalled();
    ingest.mockRestore();
  });

  /**
   * The sync itself takes no lease: the scheduler (SyncScheduler.holdLease) renews the lease row before each source,
   * so that of several instances only one polls. What keeps two from polling at once is this one statement.
   */
  describe('the scheduler lease (sync-lease.ts)', () => {
    let leases = 0;
    /** A lease name of each test's own (not the scheduler's). */
    const newLease = () => `spec-lease-${(leases += 1)}`;

    it('is held by one instance at a time: refused to another until released, renewed by its holder', async () => {
      const name = newLease();
      expect(await tryLease(dataSource, 'instance-a', 60_000, name)).toBe(true);
      expect(await tryLease(dataSource, 'instance-b', 60_000, name)).toBe(false);
      expect(await tryLease(dataSource, 'instance-a', 60_000, name)).toBe(true); // a renewal
      // Releasing someone else's lease does nothing.
      await releaseLease(dataSource, 'instance-b', name);
      expect(await tryLease(dataSource, 'instance-b', 60_000, name)).toBe(false);
      await releaseLease(dataSource, 'instance-a', name);
      expect(await tryLease(dataSource, 'instance-b', 60_000, name)).toBe(true);
      expect(await tryLease(dataSource, 'instance-a', 60_000, name)).toBe(false);
    });

    it('of instances asking at the same moment, exactly one wins', async () => {
      const name = newLease();
      const won = await Promise.all(
        Array.from({ length: 6 }, (_, i) => tryLease(dataSource, `instance-${i}`, 60_000, name)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it('is taken over once it has expired (an instance that died)', async () => {
      const name = newLease();
      expect(await tryLease(dataSource, 'instance-a', 50, name)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await tryLease(dataSource, 'instance-b', 60_000, name)).toBe(true);
      expect(await tryLease(dataSource, 'instance-a', 60_000, name)).toBe(false);
    });
  });
});
