import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { errorBody, Messages } from '../../../test/support/contract-errors';
import { ApiError } from '../../common/errors/api-error';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { LotteryRow } from '../lotteries/domain/lottery-record';
import { LotteryCatalog } from './lottery-catalog.service';
import type { LotterySnapshot } from './lottery-snapshot';

/** A stored draw (`draw_date` 'YYYY-MM-DD', numbers smallint[]); catalog-source.ts reads a lottery's draws as one JSON text. */
interface DrawRow {
  lottery_tag: string;
  draw_date: string;
  main: number[];
  special: number[];
}

type Table = 'lotteries' | 'draws';

// Lotteries as the bundled data holds them (apps/api/data/draws/lotteries.json, prizes left out), plus one created
// by an administrator: a tag with a hyphen, no schedule, no draws yet.
const EUROMILLIONS: LotteryRow = {
  tag: 'eu_euromillions',
  name: 'EuroMillions',
  country: 'EU (FR/UK/ES/...)',
  timezone: 'Europe/Paris',
  special_name: 'Lucky Stars (étoiles)',
  rules: [
    {
      from: '2004-02-13',
      main: { count: 5, min: 1, max: 50, distinct: true },
      special: { count: 2, min: 1, max: 9, distinct: true, pool: 'own' },
    },
    {
      from: '2011-05-10',
      main: { count: 5, min: 1, max: 50, distinct: true },
      special: { count: 2, min: 1, max: 11, distinct: true, pool: 'own' },
    },
    {
      from: '2016-09-27',
      main: { count: 5, min: 1, max: 50, distinct: true },
      special: { count: 2, min: 1, max: 12, distinct: true, pool: 'own' },
    },
  ],
  draw_order: true,
  retired_on: null,
  source: 'https://github.com/Lifegrid/LotoPredictor legacy/euromillions.csv',
  operator: 'Française des Jeux (for EuroMillions)',
  terms: 'none found',
  schedule: {
    publicationWindowMinutes: 360,
    eras: [
      { from: '2004-02-13', timezone: 'Europe/Paris', weekdays: ['friday'], time: '21:00' },
      { from: '2011-05-10', timezone: 'Europe/Paris', weekdays: ['tuesday', 'friday'], time: '21:00' },
    ],
  },
};

const DE_LOTTO: LotteryRow = {
  tag: 'de_lotto',
  name: 'Lotto 6aus49',
  country: 'DE',
  timezone: 'Europe/Berlin',
  special_name: 'Superzahl',
  rules: [
    { from: '1955-10-09', main: { count: 6, min: 1, max: 49, distinct: true }, special: null },
    {
      from: '1991-12-07',
      main: { count: 6, min: 1, max: 49, distinct: true },
      special: { count: 1, min: 0, max: 9, distinct: true, pool: 'own' },
    },
  ],
  draw_order: false,
  retired_on: null,
  source: 'https://github.com/JohannesFriedrich/LottoNumberArchive Lottonumbers_complete.js',
  operator: 'Deutscher Lotto- und Totoblock',
  terms: 'LGPL-3.0 (the archive); none found (DLTB)',
  schedule: {
    publicationWindowMinutes: 360,
    eras: [
      {
        from: '2000-12-06',
        timezone: 'Europe/Berlin',
        weekdays: ['wednesday', 'saturday'],
        time: '19:25',
        times: { wednesday: '18:25' },
      },
    ],
  },
};

const FR_LOTTO: LotteryRow = {
  tag: 'fr_lotto',
  name: 'Loto (FDJ)',
  country: 'FR',
  timezone: 'Europe/Paris',
  special_name: 'Numéro Chance',
  rules: [
    {
      from: '2008-10-06',
      main: { count: 5, min: 1, max: 49, distinct: true },
      special: { count: 1, min: 1, max: 10, distinct: true, pool: 'own' },
    },
  ],
  draw_order: true,
  retired_on: null,
  source: 'https://github.com/NicoCaill13/euromillions-predict data/loto/loto1.csv',
  operator: 'Française des Jeux',
  terms: 'none found',
  schedule: {
    publicationWindowMinutes: 360,
    eras: [
      {
        from: '2008-10-06',
        timezone: 'Europe/Paris',
        weekdays: ['monday', 'wednesday', 'saturday'],
        time: '20:35',
      },
    ],
  },
};

const FR_KENO: LotteryRow = {
  tag: 'fr-keno',
  name: 'Keno Gagnant à vie',
  country: 'FR',
  timezone: 'Europe/Paris',
  special_name: null,
  rules: [{ from: '2025-01-01', main: { count: 20, min: 1, max: 70, distinct: true }, special: null }],
  draw_order: true,
  retired_on: null,
  source: null,
  operator: null,
  terms: null,
  schedule: null,
};

const draw = (lotteryTag: string, date: string, main: number[], special: number[] = []): DrawRow => ({
  lottery_tag: lotteryTag,
  draw_date: date,
  main,
  special,
});

/** Draws from the bundled CSV files, stored oldest first (the fake database sorts them as the query asks). */
const DRAWS: DrawRow[] = [
  draw('eu_euromillions', '2025-03-18', [46, 9, 35, 4, 50], [8, 11]),
  draw('eu_euromillions', '2025-03-21', [9, 17, 18, 21, 50], [12, 5]),
  draw('fr_lotto', '2025-05-07', [32, 36, 1, 41, 16], [9]),
  draw('eu_euromillions', '2025-03-25', [36, 3, 18, 33, 1], [6, 2]),
  draw('de_lotto', '2026-07-18', [5, 17, 33, 35, 39, 47], [6]),
  draw('fr_lotto', '2025-05-10', [49, 12, 42, 29, 13], [9]),
  draw('de_lotto', '2026-07-22', [3, 5, 10, 14, 25, 49], [3]),
];

/** The next EuroMillions draw after the bundled ones, written by a test. */
const NEW_EUROMILLIONS_DRAW = draw('eu_euromillions', '2025-03-28', [7, 13, 27, 40, 44], [3, 10]);

/** Byte order (what `ORDER BY tag` gives under COLLATE "C"): '-' < '_'; a locale collation would put fr_lotto first. */
const TAGS_IN_BYTE_ORDER = ['de_lotto', 'eu_euromillions', 'fr-keno', 'fr_lotto'];

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A hand-made `DataSource` answering the two queries of catalog-source.ts from in-memory rows. Each answer is taken
 * when the query is sent (as PostgreSQL would read it), then may be held (`hold`) before it returns; `fail` makes the
 * next query of a table fail. `queries` logs every query as `table` or `table:tag`.
 */
function fakeDatabase() {
  const lotteries: LotteryRow[] = [FR_LOTTO, EUROMILLIONS, FR_KENO, DE_LOTTO].map((row) =>
    structuredClone(row),
  );
  const draws: DrawRow[] = DRAWS.map((row) => structuredClone(row));
  const queries: string[] = [];
  const holds = new Map<Table, { reached: () => void; released: Promise<void> }>();
  const failures = new Map<Table, Error>();

  const answer = (table: Table, tag: string | undefined): unknown[] => {
    if (table === 'lotteries') {
      return structuredClone(lotteries.filter((row) => tag === undefined || row.tag === tag));
    }
    const rows = draws.filter((row) => tag === undefined || row.lottery_tag === tag);
    // One row a lottery, its draws as JSON `[date, round, main, special]` (json_agg … ORDER BY draw_date DESC)
    rows.sort((a, b) => byteOrder(b.draw_date, a.draw_date));
    const byTag = new Map<string, unknown[]>();
    for (const row of rows)
      byTag.set(row.lottery_tag, [
        ...(byTag.get(row.lottery_tag) ?? []),
        [row.draw_date, 1, row.main, row.special],
      ]);
    return [...byTag].map(([lotteryTag, list]) => ({ lottery_tag: lotteryTag, draws: JSON.stringify(list) }));
  };

  const dataSource = {
    async query(sql: string, params: unknown[] = []): Promise<unknown[]> {
      // What draws paid: none here (the routes' spec covers them); not logged, so `queries` shows the two tables.
      if (/FROM draw_prizes\b/.test(sql)) return [];
      // Draw sources' states: none here (test/sync-health.spec.ts covers them).
      if (/FROM draw_sources\b/.test(sql)) return [];
      const table: Table | undefined = /FROM lotteries\b/.test(sql)
        ? 'lotteries'
        : /FROM draws\b/.test(sql)
          ? 'draws'
          : undefined;
      if (!table) throw new Error(`Unexpected query: ${sql}`);
      const filtered = /WHERE (lottery_)?tag = \$1/.test(sql);
      if (filtered !== (params.length === 1)) throw new Error(`Parameters do not match the query: ${sql}`);
      const tag = filtered ? (params[0] as string) : undefined;
      queries.push(tag === undefined ? table : `${table}:${tag}`);
      const failure = failures.get(table);
      if (failure) {
        failures.delete(table);
        throw failure;
      }
      const rows = answer(table, tag);
      const hold = holds.get(table);
      if (hold) {
        holds.delete(table);
        hold.reached();
        await hold.released;
      }
      return rows;
    },
  } as unknown as DataSource;

  return {
    dataSource,
    lotteries,
    draws,
    queries,
    /** Holds the next query of `table` (answered with the rows of the moment it was sent) until released. */
    hold(table: Table) {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      holds.set(table, { reached, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached: reachedPromise, release };
    },
    /** Makes the next query of `table` fail. */
    fail(table: Table, message = 'Connection terminated unexpectedly') {
      failures.set(table, new Error(message));
    },
    /** Deletes a lottery and, by the foreign key's ON DELETE CASCADE, its draws. */
    deleteLottery(tag: string) {
      lotteries.splice(
        lotteries.findIndex((row) => row.tag === tag),
        1,
      );
      for (let i = draws.length - 1; i >= 0; i--) if (draws[i].lottery_tag === tag) draws.splice(i, 1);
    },
  };
}

/** The catalog on a fake database and a change feed that is never started: tests emit what the triggers would. */
function setUp() {
  const db = fakeDatabase();
  const feed = new ChangeFeed(db.dataSource, 'postgres://unused', 'embedded');
  const catalog = new LotteryCatalog(db.dataSource, feed);
  catalog.onModuleInit();
  return { db, feed, catalog };
}

/** Lets every pending promise and setImmediate run (the fake database answers in microtasks only). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** What `fn` threw, as the exception filter would send it. */
function thrownBy(fn: () => unknown): { status: number; body: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('Nothing was thrown');
}

const figuresOf = (catalog: LotteryCatalog) =>
  catalog.records().map((r) => ({ tag: r.tag, count: r.drawCount, first: r.firstDraw, last: r.lastDraw }));

const NOW = new Date('2025-03-29T12:00:30Z');

let logs: jest.SpyInstance;
let errors: jest.SpyInstance;

beforeEach(() => {
  logs = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('LotteryCatalog', () => {
  describe('loadAll', () => {
    it('builds every lottery from one query per table, records in tag byte order', async () => {
      const { db, catalog } = setUp();
      expect(catalog.loaded).toBe(false);
      expect(catalog.figures()).toEqual({ lotteries: 0, draws: 0 });

      await catalog.loadAll();

      expect(db.queries).toEqual(['lotteries', 'draws']);
      expect(catalog.loaded).toBe(true);
      expect(catalog.figures()).toEqual({ lotteries: 4, draws: 7 });
      expect(catalog.records().map((r) => r.tag)).toEqual(TAGS_IN_BYTE_ORDER);
      expect(figuresOf(catalog)).toEqual([
        { tag: 'de_lotto', count: 2, first: '2026-07-18', last: '2026-07-22' },
        { tag: 'eu_euromillions', count: 3, first: '2025-03-18', last: '2025-03-25' },
        { tag: 'fr-keno', count: 0, first: null, last: null },
        { tag: 'fr_lotto', count: 2, first: '2025-05-07', last: '2025-05-10' },
      ]);
      expect(logs).toHaveBeenCalledWith('Catalog loaded: 4 lotteries, 7 draws');
    });

    it("maps a lottery's columns into its record and holds its draws newest first", async () => {
      const { catalog } = setUp();
      await catalog.loadAll();

      expect(catalog.snapshot('eu_euromillions').record).toEqual({
        tag: 'eu_euromillions',
        name: 'EuroMillions',
        country: 'EU (FR/UK/ES/...)',
        timezone: 'Europe/Paris',
        specialName: 'Lucky Stars (étoiles)',
        rules: EUROMILLIONS.rules,
        drawOrder: true,
        source: 'https://github.com/Lifegrid/LotoPredictor legacy/euromillions.csv',
        operator: 'Française des Jeux (for EuroMillions)',
        terms: 'none found',
        schedule: EUROMILLIONS.schedule,
        retiredOn: null,
        drawCount: 3,
        firstDraw: '2025-03-18',
        lastDraw: '2025-03-25',
      });
      expect(catalog.snapshot('eu_euromillions').allDraws).toEqual([
        { date: '2025-03-25', main: [36, 3, 18, 33, 1], special: [6, 2] },
        { date: '2025-03-21', main: [9, 17, 18, 21, 50], special: [12, 5] },
        { date: '2025-03-18', main: [46, 9, 35, 4, 50], special: [8, 11] },
      ]);
      expect(catalog.snapshot('fr-keno').record).toMatchObject({
        specialName: null,
        source: null,
        operator: null,
        terms: null,
        schedule: null,
        drawCount: 0,
      });
      expect(thrownBy(() => catalog.latestJson('fr-keno', 'draw'))).toEqual({
        status: 404,
        body: errorBody.notFound(Messages.drawNotFound),
      });
    });

    it('knows which lotteries exist; an unknown tag is 404 "Lottery not found."', async () => {
      const { catalog } = setUp();
      await catalog.loadAll();

      for (const tag of TAGS_IN_BYTE_ORDER) expect(catalog.has(tag)).toBe(true);
      expect(catalog.has('us_powerball')).toBe(false);
      expect(catalog.has('EU_EUROMILLIONS')).toBe(false);
      const notFound = { status: 404, body: errorBody.notFound(Messages.lotteryNotFound) };
      expect(thrownBy(() => catalog.snapshot('us_powerball'))).toEqual(notFound);
      expect(thrownBy(() => catalog.latestJson('us_powerball', 'draw'))).toEqual(notFound);
      expect(thrownBy(() => catalog.lotteryJsonOf('us_powerball', NOW))).toEqual(notFound);
    });

    it('replaces the whole catalog when run again: new, changed and deleted lotteries alike', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      const lotteryJson = JSON.parse(catalog.lotteryJsonOf('eu_euromillions', NOW));
      expect(lotteryJson.draws).toEqual({ count: 3, first: '2025-03-18', last: '2025-03-25' });

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      db.deleteLottery('fr_lotto');
      db.lotteries.push({ ...structuredClone(FR_KENO), tag: 'at_lotto', name: 'Lotto 6 aus 45' });
      await catalog.loadAll();

      expect(catalog.figures()).toEqual({ lotteries: 4, draws: 6 });
      expect(catalog.records().map((r) => r.tag)).toEqual([
        'at_lotto',
        'de_lotto',
        'eu_euromillions',
        'fr-keno',
      ]);
      expect(catalog.has('fr_lotto')).toBe(false);
      // The per-minute JSON is built again, within the same minute.
      expect(JSON.parse(catalog.lotteryJsonOf('eu_euromillions', NOW)).draws).toEqual({
        count: 4,
        first: '2025-03-18',
        last: '2025-03-28',
      });
    });
  });

  describe('reload', () => {
    it('rebuilds one lottery, so a writer that awaits it reads its own write', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      const others = TAGS_IN_BYTE_ORDER.filter((t) => t !== 'eu_euromillions').map((t) =>
        catalog.snapshot(t),
      );
      db.queries.length = 0;

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      await catalog.reload('eu_euromillions');

      expect(db.queries).toEqual(['lotteries:eu_euromillions', 'draws:eu_euromillions']);
      expect(JSON.parse(catalog.latestJson('eu_euromillions', 'draw'))).toEqual({
        date: '2025-03-28',
        numbers: [
          { special: false, order: 0, value: 7 },
          { special: false, order: 1, value: 13 },
          { special: false, order: 2, value: 27 },
          { special: false, order: 3, value: 40 },
          { special: false, order: 4, value: 44 },
          { special: true, order: 0, value: 3 },
          { special: true, order: 1, value: 10 },
        ],
      });
      expect(catalog.snapshot('eu_euromillions').record).toMatchObject({
        drawCount: 4,
        lastDraw: '2025-03-28',
      });
      expect(catalog.figures()).toEqual({ lotteries: 4, draws: 8 });
      // Only that lottery was rebuilt: the others are the very same snapshots.
      others.forEach((snapshot) => expect(catalog.snapshot(snapshot.record.tag)).toBe(snapshot));
    });

    it("forgets the lottery's per-minute JSON and freshness header at once, the others' stay cached", async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      expect(JSON.parse(catalog.lotteryJsonOf('eu_euromillions', NOW)).draws.last).toBe('2025-03-25');
      expect(catalog.freshnessHeaderOf('eu_euromillions', NOW)).toContain('last-draw="2025-03-25"');
      const frLotto = catalog.lotteryJsonOf('fr_lotto', NOW);

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      db.lotteries.find((row) => row.tag === 'fr_lotto')!.name = 'Loto';
      await catalog.reload('eu_euromillions');

      // Same minute: eu_euromillions is built again, fr_lotto (changed in the database, not reloaded) is not.
      expect(JSON.parse(catalog.lotteryJsonOf('eu_euromillions', NOW)).draws.last).toBe('2025-03-28');
      expect(catalog.freshnessHeaderOf('eu_euromillions', NOW)).toContain('last-draw="2025-03-28"');
      expect(catalog.lotteryJsonOf('fr_lotto', NOW)).toBe(frLotto);
    });

    it('adds a lottery created since the load, in tag byte order', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();

      db.lotteries.push({ ...structuredClone(FR_KENO), tag: 'fr-euromillions', name: 'EuroMillions (FDJ)' });
      await catalog.reload('fr-euromillions');

      expect(catalog.records().map((r) => r.tag)).toEqual([
        'de_lotto',
        'eu_euromillions',
        'fr-euromillions',
        'fr-keno',
        'fr_lotto',
      ]);
      expect(catalog.figures()).toEqual({ lotteries: 5, draws: 7 });
    });

    it('drops a lottery no longer in the database', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      catalog.lotteryJsonOf('fr_lotto', NOW);

      db.deleteLottery('fr_lotto');
      await catalog.reload('fr_lotto');

      expect(catalog.has('fr_lotto')).toBe(false);
      expect(thrownBy(() => catalog.snapshot('fr_lotto'))).toEqual({
        status: 404,
        body: errorBody.notFound(Messages.lotteryNotFound),
      });
      expect(thrownBy(() => catalog.lotteryJsonOf('fr_lotto', NOW))).toEqual({
        status: 404,
        body: errorBody.notFound(Messages.lotteryNotFound),
      });
      expect(catalog.records().map((r) => r.tag)).toEqual(['de_lotto', 'eu_euromillions', 'fr-keno']);
      expect(catalog.figures()).toEqual({ lotteries: 3, draws: 5 });
    });

    it('coalesces calls made together into one rebuild', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      const calls = [catalog.reload('de_lotto'), catalog.reload('de_lotto'), catalog.reload('de_lotto')];
      expect(calls[1]).toBe(calls[0]);
      expect(calls[2]).toBe(calls[0]);
      await Promise.all(calls);

      expect(db.queries).toEqual(['lotteries:de_lotto', 'draws:de_lotto']);
    });

    it('runs one rebuild of a lottery at a time and queues at most one more for every call made meanwhile', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      const held = db.hold('draws');
      const first = catalog.reload('eu_euromillions');
      await held.reached;
      const later = [
        catalog.reload('eu_euromillions'),
        catalog.reload('eu_euromillions'),
        catalog.reload('eu_euromillions'),
      ];
      expect(later[0]).not.toBe(first);
      expect(later[1]).toBe(later[0]);
      expect(later[2]).toBe(later[0]);
      await settle();
      // Rebuilds of one lottery never overlap: the queued one waits for the running one.
      expect(db.queries).toEqual(['lotteries:eu_euromillions', 'draws:eu_euromillions']);

      held.release();
      await Promise.all([first, ...later]);
      expect(db.queries).toEqual([
        'lotteries:eu_euromillions',
        'draws:eu_euromillions',
        'lotteries:eu_euromillions',
        'draws:eu_euromillions',
      ]);
    });

    it('does not hold a rebuild of another lottery behind a running one', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      const held = db.hold('draws');
      const euromillions = catalog.reload('eu_euromillions');
      await held.reached;
      db.draws.push(draw('de_lotto', '2026-07-25', [8, 19, 22, 30, 41, 46], [0]));
      const deLotto = catalog.reload('de_lotto');
      await settle();

      expect(catalog.snapshot('de_lotto').record.lastDraw).toBe('2026-07-25');
      held.release();
      await Promise.all([euromillions, deLotto]);
      expect(db.queries).toEqual([
        'lotteries:eu_euromillions',
        'draws:eu_euromillions',
        'lotteries:de_lotto',
        'draws:de_lotto',
      ]);
    });

    it('does not lose a call made while a rebuild runs: the queued rebuild reads the later write', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();

      const held = db.hold('draws');
      const first = catalog.reload('eu_euromillions'); // reads the draws before the write below
      await held.reached;
      db.draws.push(NEW_EUROMILLIONS_DRAW);
      const second = catalog.reload('eu_euromillions'); // the writer's call, after its commit
      held.release();

      await first;
      expect(catalog.snapshot('eu_euromillions').record.lastDraw).toBe('2025-03-25');
      await second;
      expect(catalog.snapshot('eu_euromillions').record).toMatchObject({
        drawCount: 4,
        lastDraw: '2025-03-28',
      });
    });

    it('never rejects: a failed rebuild keeps the previous snapshot and is retried after 1 s until it succeeds', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const { db, catalog } = setUp();
      await catalog.loadAll();
      const before = catalog.snapshot('eu_euromillions');
      db.queries.length = 0;

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      db.fail('lotteries');
      await expect(catalog.reload('eu_euromillions')).resolves.toBeUndefined();

      expect(catalog.snapshot('eu_euromillions')).toBe(before);
      expect(db.queries).toEqual(['lotteries:eu_euromillions']);
      expect(errors).toHaveBeenCalledWith(
        "Could not rebuild lottery 'eu_euromillions' (retrying in 1000 ms): Connection terminated unexpectedly",
      );

      jest.advanceTimersByTime(999);
      await settle();
      expect(db.queries).toHaveLength(1);

      db.fail('draws', 'Query read timeout');
      jest.advanceTimersByTime(1);
      await settle();
      // The first retry failed at its second query; the next one comes a second later.
      expect(db.queries).toEqual([
        'lotteries:eu_euromillions',
        'lotteries:eu_euromillions',
        'draws:eu_euromillions',
      ]);
      expect(catalog.snapshot('eu_euromillions')).toBe(before);
      expect(errors).toHaveBeenLastCalledWith(
        "Could not rebuild lottery 'eu_euromillions' (retrying in 1000 ms): Query read timeout",
      );

      jest.advanceTimersByTime(1000);
      await settle();
      expect(db.queries).toHaveLength(5);
      expect(catalog.snapshot('eu_euromillions').record).toMatchObject({
        drawCount: 4,
        lastDraw: '2025-03-28',
      });

      // Once it succeeded, nothing more is retried.
      jest.advanceTimersByTime(10_000);
      await settle();
      expect(db.queries).toHaveLength(5);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('onModuleDestroy cancels the pending retries', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const { db, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      db.fail('lotteries');
      await catalog.reload('eu_euromillions');
      db.fail('lotteries');
      await catalog.reload('de_lotto');
      expect(jest.getTimerCount()).toBe(2);

      catalog.onModuleDestroy();
      jest.advanceTimersByTime(5_000);
      await settle();

      expect(jest.getTimerCount()).toBe(0);
      expect(db.queries).toEqual(['lotteries:eu_euromillions', 'lotteries:de_lotto']);
    });

    it('schedules no retry for a rebuild that fails once shutting down (the database goes away on purpose)', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const { db, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      db.fail('draws');
      const held = db.hold('lotteries');
      const reload = catalog.reload('eu_euromillions');
      await held.reached;
      catalog.onModuleDestroy();
      held.release();
      await expect(reload).resolves.toBeUndefined();

      expect(errors).not.toHaveBeenCalled();
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(5_000);
      await settle();
      expect(db.queries).toEqual(['lotteries:eu_euromillions', 'draws:eu_euromillions']);
    });
  });

  describe('the change feed', () => {
    it('rebuilds the lottery that lottery.changed names, and only it', async () => {
      const { db, feed, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      feed.emit({ type: 'lottery.changed', tag: 'eu_euromillions' });
      await settle();

      expect(db.queries).toEqual(['lotteries:eu_euromillions', 'draws:eu_euromillions']);
      expect(catalog.snapshot('eu_euromillions').record).toMatchObject({
        drawCount: 4,
        lastDraw: '2025-03-28',
      });
    });

    it('lottery.changed for a deleted lottery drops it', async () => {
      const { db, feed, catalog } = setUp();
      await catalog.loadAll();

      db.deleteLottery('de_lotto');
      feed.emit({ type: 'lottery.changed', tag: 'de_lotto' });
      await settle();

      expect(catalog.has('de_lotto')).toBe(false);
      expect(catalog.figures()).toEqual({ lotteries: 3, draws: 5 });
    });

    it('reloads everything on feed.resumed (changes made while the feed was away were not announced)', async () => {
      const { db, feed, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      db.deleteLottery('fr-keno');
      feed.emit({ type: 'feed.resumed' });
      await settle();

      expect(db.queries).toEqual(['lotteries', 'draws']);
      expect(catalog.records().map((r) => r.tag)).toEqual(['de_lotto', 'eu_euromillions', 'fr_lotto']);
      expect(catalog.snapshot('eu_euromillions').record.lastDraw).toBe('2025-03-28');
    });

    it('keeps serving the catalog it holds when the reload after feed.resumed fails, and tries again until it succeeds', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const { db, feed, catalog } = setUp();
      await catalog.loadAll();
      db.queries.length = 0;

      db.fail('draws', 'Connection refused');
      db.draws.push(NEW_EUROMILLIONS_DRAW);
      feed.emit({ type: 'feed.resumed' });
      await settle();

      expect(errors).toHaveBeenCalledWith('Catalog reload failed (retrying in 1000 ms): Connection refused');
      expect(catalog.figures()).toEqual({ lotteries: 4, draws: 7 });

      // Nothing else would bring back what was missed while the feed was away: a second later, all again.
      jest.advanceTimersByTime(1000);
      await settle();
      expect(db.queries).toEqual(['lotteries', 'draws', 'lotteries', 'draws']);
      expect(catalog.snapshot('eu_euromillions').record.lastDraw).toBe('2025-03-28');
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  describe('onSnapshot', () => {
    it('tells listeners of every snapshot of the first load, after it (never during it)', async () => {
      const { catalog } = setUp();
      const seen: LotterySnapshot[] = [];
      catalog.onSnapshot((snapshot) => seen.push(snapshot));

      await catalog.loadAll();
      expect(seen).toEqual([]);
      await settle();

      expect(seen.map((s) => s.record.tag).sort(byteOrder)).toEqual(TAGS_IN_BYTE_ORDER);
      seen.forEach((snapshot) => expect(catalog.snapshot(snapshot.record.tag)).toBe(snapshot));
    });

    it('tells listeners of each rebuild, whether a writer or the feed asked for it, with the new snapshot', async () => {
      const { db, feed, catalog } = setUp();
      await catalog.loadAll();
      await settle();
      const seen: LotterySnapshot[] = [];
      catalog.onSnapshot((snapshot) => seen.push(snapshot));

      db.draws.push(NEW_EUROMILLIONS_DRAW);
      await catalog.reload('eu_euromillions');
      await settle();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBe(catalog.snapshot('eu_euromillions'));
      expect(seen[0].record.lastDraw).toBe('2025-03-28');

      feed.emit({ type: 'lottery.changed', tag: 'fr_lotto' });
      await settle();
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBe(catalog.snapshot('fr_lotto'));
    });

    it('tells nothing of a failed rebuild or of a deleted lottery', async () => {
      const { db, catalog } = setUp();
      await catalog.loadAll();
      await settle();
      const seen: LotterySnapshot[] = [];
      catalog.onSnapshot((snapshot) => seen.push(snapshot));

      db.deleteLottery('fr_lotto');
      await catalog.reload('fr_lotto');
      db.fail('lotteries');
      await catalog.reload('de_lotto');
      catalog.onModuleDestroy(); // no retry of de_lotto
      await settle();

      expect(seen).toEqual([]);
    });

    it('calls every listener even when one throws, and logs the failure', async () => {
      const { catalog } = setUp();
      catalog.onSnapshot(() => {
        throw new Error('statistics exploded');
      });
      const seen: string[] = [];
      catalog.onSnapshot((snapshot) => seen.push(snapshot.record.tag));

      await catalog.reload('fr_lotto');
      await settle();

      expect(seen).toEqual(['fr_lotto']);
      expect(errors).toHaveBeenCalledWith("Preparing answers for 'fr_lotto' failed: statistics exploded");
    });
  });
});
