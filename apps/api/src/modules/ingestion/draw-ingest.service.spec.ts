import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { openTestDataSource, type TestDataSource } from '../../../test/support/test-database';
import { TEST_ENV } from '../../../test/support/test-engine';
import { loadSettings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { DATABASE_ENGINE, DATABASE_URL } from '../../database/database-tokens';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { roundOf } from '../draws/domain/draw-view';
import type { FetchedDraw } from './adapters/source-adapter';
import { DrawIngestService } from './draw-ingest.service';

const FETCHED_AT = new Date('2026-08-14T12:00:00Z');
const PROVENANCE = { source: 'generic http://127.0.0.1/spec.csv', fetchedAt: FETCHED_AT };

/** A fetched row: `row` is its 1-based place in the source's answer. */
const draw = (row: number, date: string, main: number[], special: number[], round?: number): FetchedDraw => ({
  row,
  date,
  main,
  special,
  ...(round === undefined ? {} : { round }),
});

interface DrawRow {
  main: number[];
  special: number[];
  source: string | null;
  fetched_at: Date | null;
}

interface ConflictRow {
  round: number;
  stored_main: number[];
  stored_special: number[];
  fetched_main: number[];
  fetched_special: number[];
  source: string;
  status: string;
  resolved_at: Date | null;
}

/**
 * DrawIngestService against the seeded database (the bundled lotteries and draws) on the test engine: what it
 * writes to `draws` and `draw_conflicts` is read back with SQL, and the catalog it rebuilds is the real one.
 * Each test works on dates of its own, so the tests do not depend on one another's writes.
 */
describe('DrawIngestService', () => {
  let db: TestDataSource;
  let dataSource: DataSource;
  let dataDir: string;
  const modules: TestingModule[] = [];
  let ingest: DrawIngestService;
  let catalog: LotteryCatalog;

  /**
   * The service as Nest builds it, on the real database, catalog and change feed (not started: no other instance
   * here, so the feed only carries this instance's own announcements, as after a write). Its catalog is loaded.
   */
  async function instance(acceptCorrections: boolean) {
    const settings = loadSettings({
      ...TEST_ENV,
      DATA_DIR: dataDir,
      SYNC_ACCEPT_CORRECTIONS: acceptCorrections ? 'on' : 'off',
    });
    const module = await Test.createTestingModule({
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: DATABASE_URL, useValue: db.url },
        { provide: DATABASE_ENGINE, useValue: db.engine },
        { provide: SETTINGS, useValue: settings },
        ChangeFeed,
        LotteryCatalog,
        DrawIngestService,
      ],
    }).compile();
    modules.push(module);
    await module.init();
    await module.get(LotteryCatalog).loadAll();
    return { ingest: module.get(DrawIngestService), catalog: module.get(LotteryCatalog) };
  }

  const storedDraw = async (tag: string, date: string, round = 1): Promise<DrawRow | undefined> =>
    (
      await dataSource.query<DrawRow[]>(
        'SELECT main, special, source, fetched_at FROM draws WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3',
        [tag, date, round],
      )
    )[0];
  const conflictsOf = (tag: string, date: string) =>
    dataSource.query<ConflictRow[]>(
      `SELECT round, stored_main, stored_special, fetched_main, fetched_special, source, status, resolved_at
       FROM draw_conflicts WHERE lottery_tag = $1 AND draw_date = $2 ORDER BY created_at, round`,
      [tag, date],
    );
  /** The draw as an instance's in-memory catalog serves it (what readers see after the write). */
  const served = (tag: string, date: string, round = 1, from = catalog) =>
    from.snapshot(tag).allDraws.find((d) => d.date === date && roundOf(d) === round);

  beforeAll(async () => {
    db = await openTestDataSource();
    dataSource = db.dataSource;
    dataDir = mkdtempSync(join(tmpdir(), 'lrs-ingest-spec-'));
    ({ ingest, catalog } = await instance(false));
  });

  afterAll(async () => {
    for (const module of modules) await module.close();
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('inserts new draws with their provenance, counts identical ones unchanged, and rebuilds the catalog', async () => {
    // us_powerball draws on Monday, Wednesday and Saturday; the bundle ends with 2026-08-05 (14 20 59 60 61 + 25).
    const counts = await ingest.ingest(
      'us_powerball',
      [
        draw(1, '2026-08-10', [7, 11, 25, 40, 66], [9]),
        draw(2, '2026-08-08', [15, 22, 31, 52, 68], [3]),
        draw(3, '2026-08-05', [14, 20, 59, 60, 61], [25]),
      ],
      PROVENANCE,
    );
    expect(counts).toEqual({
      inserted: 2,
      unchanged: 1,
      conflicts: 0,
      corrected: 0,
      prizes: 0,
      ignored: 0,
      rejected: [],
    });
    expect(await storedDraw('us_powerball', '2026-08-10')).toEqual({
      main: [7, 11, 25, 40, 66],
      special: [9],
      source: PROVENANCE.source,
      fetched_at: FETCHED_AT,
    });
    // The unchanged bundled draw keeps its (absent) provenance: it was not rewritten.
    expect(await storedDraw('us_powerball', '2026-08-05')).toMatchObject({ source: null, fetched_at: null });
    expect(catalog.snapshot('us_powerball').record.lastDraw).toBe('2026-08-10');
    expect(served('us_powerball', '2026-08-08')).toMatchObject({ main: [15, 22, 31, 52, 68], special: [3] });
  });

  it('is idempotent: the same answer again writes nothing and counts every draw unchanged', async () => {
    const answer = [
      draw(1, '2026-07-29', [30, 36, 40, 42, 57], [2]),
      draw(2, '2026-08-12', [3, 19, 33, 47, 58], [12]),
    ];
    expect(await ingest.ingest('us_powerball', answer, PROVENANCE)).toMatchObject({
      inserted: 1,
      unchanged: 1,
    });
    const writtenAt = await dataSource.query<{ updated_at: Date }[]>(
      `SELECT updated_at FROM draws WHERE lottery_tag = 'us_powerball' AND draw_date = '2026-08-12'`,
    );

    const again = await ingest.ingest('us_powerball', answer, {
      ...PROVENANCE,
      fetchedAt: new Date('2026-08-15T12:00:00Z'),
    });
    expect(again).toEqual({
      inserted: 0,
      unchanged: 2,
      conflicts: 0,
      corrected: 0,
      prizes: 0,
      ignored: 0,
      rejected: [],
    });
    // Not even touched: a rewrite would move updated_at and the provenance's fetch time.
    expect(
      await dataSource.query(
        `SELECT updated_at FROM draws WHERE lottery_tag = 'us_powerball' AND draw_date = '2026-08-12'`,
      ),
    ).toEqual(writtenAt);
    expect((await storedDraw('us_powerball', '2026-08-12'))?.fetched_at).toEqual(FETCHED_AT);
    expect(await conflictsOf('us_powerball', '2026-08-12')).toEqual([]);
  });

  it('takes the same numbers in another order as the same draw, keeping the stored order', async () => {
    // The bundled 2026-08-01: 6 17 27 48 50 + 5; a source publishing sorted numbers the other way round.
    const counts = await ingest.ingest(
      'us_powerball',
      [draw(1, '2026-08-01', [50, 48, 27, 17, 6], [5])],
      PROVENANCE,
    );
    expect([counts.unchanged, counts.conflicts, counts.inserted]).toEqual([1, 0, 0]);
    expect(await storedDraw('us_powerball', '2026-08-01')).toMatchObject({ main: [6, 17, 27, 48, 50] });
  });

  it('records a changed published draw as an open conflict and keeps the stored one; polling again adds none', async () => {
    // The bundled 2026-08-03 is 8 30 41 48 54 + 4: the source now says + 5.
    const changed = [draw(1, '2026-08-03', [8, 30, 41, 48, 54], [5])];
    const counts = await ingest.ingest('us_powerball', changed, PROVENANCE);
    expect(counts).toMatchObject({ inserted: 0, unchanged: 0, conflicts: 1, corrected: 0 });
    expect(await storedDraw('us_powerball', '2026-08-03')).toMatchObject({
      main: [8, 30, 41, 48, 54],
      special: [4],
      source: null,
    });
    expect(await conflictsOf('us_powerball', '2026-08-03')).toEqual([
      {
        round: 1,
        stored_main: [8, 30, 41, 48, 54],
        stored_special: [4],
        fetched_main: [8, 30, 41, 48, 54],
        fetched_special: [5],
        source: PROVENANCE.source,
        status: 'open',
        resolved_at: null,
      },
    ]);
    expect(served('us_powerball', '2026-08-03')?.special).toEqual([4]);

    // The same fetched numbers again already wait for a decision: nothing new to record.
    expect((await ingest.ingest('us_powerball', changed, PROVENANCE)).conflicts).toBe(0);
    expect(await conflictsOf('us_powerball', '2026-08-03')).toHaveLength(1);
    // Yet other numbers for the same draw are news: a second conflict.
    const other = [draw(1, '2026-08-03', [8, 30, 41, 48, 54], [6])];
    expect((await ingest.ingest('us_powerball', other, PROVENANCE)).conflicts).toBe(1);
    expect(await conflictsOf('us_powerball', '2026-08-03')).toHaveLength(2);
  });

  it('with SYNC_ACCEPT_CORRECTIONS on, writes a changed draw at once and logs it as a corrected conflict', async () => {
    // The bundled 2026-08-04 of Mega Millions is 14 21 51 55 65 + 21: the source now says 66.
    const correcting = await instance(true);
    const counts = await correcting.ingest.ingest(
      'us_megamillions',
      [draw(1, '2026-08-04', [14, 21, 51, 55, 66], [21])],
      PROVENANCE,
    );
    expect(counts).toMatchObject({ inserted: 0, unchanged: 0, conflicts: 0, corrected: 1 });
    expect(await storedDraw('us_megamillions', '2026-08-04')).toEqual({
      main: [14, 21, 51, 55, 66],
      special: [21],
      source: PROVENANCE.source,
      fetched_at: FETCHED_AT,
    });
    const [logged] = await conflictsOf('us_megamillions', '2026-08-04');
    expect(logged).toMatchObject({
      stored_main: [14, 21, 51, 55, 65],
      fetched_main: [14, 21, 51, 55, 66],
      status: 'corrected',
      resolved_at: expect.any(Date),
    });
    // Readers see the correction at once (the catalog was rebuilt).
    expect(served('us_megamillions', '2026-08-04', 1, correcting.catalog)?.main).toEqual([
      14, 21, 51, 55, 66,
    ]);
  });

  it('keys draws by date and round: both rounds of a two-round night, a round the rules do not draw refused', async () => {
    // UK Lotto draws two rounds a night from 2026-06-10 (a Wednesday); before, one.
    const counts = await ingest.ingest(
      'uk_lotto',
      [
        draw(1, '2026-06-10', [1, 2, 3, 4, 5, 6], [7], 1),
        draw(2, '2026-06-10', [11, 12, 13, 14, 15, 16], [17], 2),
        draw(3, '2026-06-10', [21, 22, 23, 24, 25, 26], [27], 3),
        draw(4, '2026-06-10', [31, 32, 33, 34, 35, 36], [37], 2),
        draw(5, '2026-06-06', [41, 42, 43, 44, 45, 46], [47], 2),
      ],
      PROVENANCE,
    );
    expect(counts.inserted).toBe(2);
    expect(counts.rejected).toEqual([
      {
        row: 3,
        date: '2026-06-10',
        message: "round 3 does not exist: 2026-06-10 has 2 rounds under the lottery's rules",
      },
      { row: 4, date: '2026-06-10', message: 'the answer holds round 2 of this date twice' },
      {
        row: 5,
        date: '2026-06-06',
        message: "round 2 does not exist: 2026-06-06 has one round under the lottery's rules",
      },
    ]);
    expect(await storedDraw('uk_lotto', '2026-06-10', 1)).toMatchObject({ main: [1, 2, 3, 4, 5, 6] });
    expect(await storedDraw('uk_lotto', '2026-06-10', 2)).toMatchObject({ main: [11, 12, 13, 14, 15, 16] });
    expect(await storedDraw('uk_lotto', '2026-06-10', 3)).toBeUndefined();
    expect(await storedDraw('uk_lotto', '2026-06-06', 2)).toBeUndefined();

    // A change to round 2 only is a conflict of round 2; round 1, the same, is unchanged.
    const changed = await ingest.ingest(
      'uk_lotto',
      [
        draw(1, '2026-06-10', [1, 2, 3, 4, 5, 6], [7], 1),
        draw(2, '2026-06-10', [11, 12, 13, 14, 15, 18], [17], 2),
      ],
      PROVENANCE,
    );
    expect([changed.unchanged, changed.conflicts, changed.inserted]).toEqual([1, 1, 0]);
    expect((await conflictsOf('uk_lotto', '2026-06-10')).map((c) => [c.round, c.fetched_main])).toEqual([
      [2, [11, 12, 13, 14, 15, 18]],
    ]);
  });

  it('refuses a new draw on a day the calendar has none, and names it', async () => {
    // 2026-08-11 is a Tuesday: Powerball draws on Monday, Wednesday and Saturday.
    const counts = await ingest.ingest(
      'us_powerball',
      [draw(1, '2026-08-11', [1, 2, 3, 4, 5], [6]), draw(2, '2026-08-13', [1, 2, 3, 4, 5], [7])],
      PROVENANCE,
    );
    expect(counts.inserted).toBe(0);
    expect(counts.rejected).toEqual([
      {
        row: 1,
        date: '2026-08-11',
        message: expect.stringMatching(/^no draw is scheduled on 2026-08-11 \(a Tuesday\)/),
      },
      {
        row: 2,
        date: '2026-08-13',
        message: expect.stringMatching(/^no draw is scheduled on 2026-08-13 \(a Thursday\)/),
      },
    ]);
    expect(await storedDraw('us_powerball', '2026-08-11')).toBeUndefined();
    expect(catalog.snapshot('us_powerball').indexOf('2026-08-11')).toBeUndefined();
  });

  it('rejects numbers the rules of their date refuse, and stores the rest of the answer', async () => {
    const counts = await ingest.ingest(
      'us_powerball',
      [draw(1, '2026-08-15', [1, 2, 3, 4, 70], [6]), draw(2, '2026-08-17', [9, 10, 11, 12, 13], [14])],
      PROVENANCE,
    );
    expect(counts.inserted).toBe(1);
    expect(counts.rejected).toEqual([{ row: 1, date: '2026-08-15', message: expect.stringContaining('70') }]);
    expect(await storedDraw('us_powerball', '2026-08-15')).toBeUndefined();
    expect(await storedDraw('us_powerball', '2026-08-17')).toMatchObject({ main: [9, 10, 11, 12, 13] });
  });

  it('ignores rows dated before the first rules era: history the service does not keep, not faults', async () => {
    // Mega Millions' history here starts on 2010-02-02; a source's older rows (Texas's file goes back to 2003).
    const counts = await ingest.ingest(
      'us_megamillions',
      [draw(1, '2010-01-29', [1, 2, 3, 4, 5], [6]), draw(2, '2003-05-16', [7, 8, 9, 10, 11], [12])],
      PROVENANCE,
    );
    expect(counts).toEqual({
      inserted: 0,
      unchanged: 0,
      conflicts: 0,
      corrected: 0,
      prizes: 0,
      ignored: 2,
      rejected: [],
    });
    const [{ count }] = await dataSource.query<{ count: number }[]>(
      `SELECT count(*) FROM draws WHERE lottery_tag = 'us_megamillions' AND draw_date < '2010-02-02'`,
    );
    expect(count).toBe(0);
  });
});
