import { SyncLog, type RecordedState } from './sync-log';
import type { SyncResult } from './sync-result';

const LABEL = 'socrata-powerball https://data.example/pb.json';

const result = (over: Partial<SyncResult> = {}): SyncResult => ({
  lottery: 'us_powerball',
  source: LABEL,
  fetched: 5,
  inserted: 0,
  unchanged: 5,
  conflicts: 0,
  corrected: 0,
  rejected: [],
  error: null,
  ...over,
});

/**
 * Drives SyncLog as DrawSyncService does: the row read before each sync, then what the sync recorded (failures + 1
 * or 0, the error) for the next one.
 */
function driver(log = new SyncLog(), row: RecordedState = { consecutiveFailures: 0, lastError: null }) {
  return {
    row,
    sync(outcome: SyncResult) {
      const lines = log.linesFor(LABEL, row, outcome);
      row = {
        consecutiveFailures: outcome.error === null ? 0 : row.consecutiveFailures + 1,
        lastError: outcome.error,
      };
      this.row = row;
      return lines;
    },
  };
}

describe('SyncLog: what a sync logs', () => {
  it('one warning when a source starts failing, debug while it fails the same way, one line when it answers again', () => {
    const source = driver();
    const down = result({ error: 'HTTP 500 Internal Server Error', fetched: 0, unchanged: 0 });
    expect(source.sync(down)).toEqual([
      {
        level: 'warn',
        message: `Sync of us_powerball failed (${LABEL}): HTTP 500 Internal Server Error`,
      },
    ]);
    expect(source.sync(down)).toEqual([
      {
        level: 'debug',
        message: `Sync of us_powerball failed (${LABEL}): HTTP 500 Internal Server Error (2 failed attempts)`,
      },
    ]);
    expect(source.sync(down).map((l) => l.level)).toEqual(['debug']);
    expect(source.sync(result())).toEqual([
      {
        level: 'log',
        message: `Sync of us_powerball: the source answers again after 3 failed attempts (${LABEL})`,
      },
      {
        level: 'debug',
        message: 'Sync of us_powerball: 5 fetched, 0 new, 5 unchanged, 0 conflicts, 0 corrected, 0 rejected',
      },
    ]);
  });

  it('one more warning when the reason changes, naming the one before', () => {
    const source = driver();
    source.sync(result({ error: 'HTTP 500 Internal Server Error' }));
    source.sync(result({ error: 'HTTP 500 Internal Server Error' }));
    expect(source.sync(result({ error: 'unreachable: ECONNREFUSED' }))).toEqual([
      {
        level: 'warn',
        message:
          `Sync of us_powerball failed (${LABEL}): unreachable: ECONNREFUSED (the reason changed after 2 failed ` +
          'attempts; it was: HTTP 500 Internal Server Error)',
      },
    ]);
    expect(source.sync(result({ error: 'unreachable: ECONNREFUSED' })).map((l) => l.level)).toEqual([
      'debug',
    ]);
  });

  it('info for a sync that brings draws, debug for one that brings nothing new or was not modified', () => {
    const source = driver();
    expect(source.sync(result({ inserted: 2, unchanged: 3 }))).toEqual([
      {
        level: 'log',
        message: 'Sync of us_powerball: 5 fetched, 2 new, 3 unchanged, 0 conflicts, 0 corrected, 0 rejected',
      },
    ]);
    expect(source.sync(result({ conflicts: 1 })).map((l) => l.level)).toEqual(['log']);
    expect(source.sync(result({ prizes: 1 })).map((l) => l.level)).toEqual(['log']);
    expect(source.sync(result()).map((l) => l.level)).toEqual(['debug']);
    expect(
      source.sync(result({ notModified: true, fetched: 0, unchanged: 0 })).map((l) => [l.level, l.message]),
    ).toEqual([['debug', `Sync of us_powerball: not modified since last read (${LABEL})`]]);
  });

  it('names the periods a catching-up sync asked, and those left (info while some are left)', () => {
    const source = driver();
    expect(source.sync(result({ inserted: 3, unchanged: 2, periods: 4, periodsLeft: 2 }))).toEqual([
      {
        level: 'log',
        message:
          'Sync of us_powerball: 5 fetched, 3 new, 2 unchanged, 0 conflicts, 0 corrected, 0 rejected; 4 periods ' +
          'asked, 2 left for the next sync',
      },
    ]);
    // Periods left are news even when the ones asked brought nothing (the next sync goes on).
    expect(source.sync(result({ periods: 12, periodsLeft: 1 })).map((l) => l.level)).toEqual(['log']);
    expect(source.sync(result({ periods: 2 }))).toEqual([
      {
        level: 'debug',
        message:
          'Sync of us_powerball: 5 fetched, 0 new, 5 unchanged, 0 conflicts, 0 corrected, 0 rejected; 2 periods asked',
      },
    ]);
  });

  it('warns of rejected rows once until they change', () => {
    const source = driver();
    const rejected = [{ row: 2, date: '2026-08-14', message: 'Main number 71 is out of range 1-70.' }];
    expect(source.sync(result({ rejected }))).toEqual([
      {
        level: 'warn',
        message:
          'Sync of us_powerball: 5 fetched, 0 new, 5 unchanged, 0 conflicts, 0 corrected, 1 rejected ' +
          `(${LABEL}): row 2 (2026-08-14): Main number 71 is out of range 1-70.`,
      },
    ]);
    expect(source.sync(result({ rejected })).map((l) => l.level)).toEqual(['debug']);
    const other = [{ row: 3, date: null, message: 'draw_date is not a date' }];
    expect(source.sync(result({ rejected: other })).map((l) => l.level)).toEqual(['warn']);
  });

  it('warns once while a fallback answers for a failing first source, and says when the first answers again', () => {
    const source = driver();
    const fallback = result({
      source: 'generic https://mirror.example/pb.csv',
      fallbackAfter: [`${LABEL}: HTTP 503 Service Unavailable`],
    });
    expect(source.sync(fallback)).toEqual([
      {
        level: 'warn',
        message: `Sync of us_powerball used a fallback (generic https://mirror.example/pb.csv): ${LABEL}: HTTP 503 Service Unavailable`,
      },
      expect.objectContaining({ level: 'debug' }),
    ]);
    expect(source.sync(fallback).map((l) => l.level)).toEqual(['debug']);
    expect(source.sync(result())).toEqual([
      { level: 'log', message: `Sync of us_powerball: its first source answers again (${LABEL})` },
      expect.objectContaining({ level: 'debug' }),
    ]);
  });

  it("after a restart, takes the row's state: a known outage is not announced again, and the count goes on", () => {
    // The row as the process before wrote it: 4 failed attempts, the same reason.
    const restarted = driver(new SyncLog(), {
      consecutiveFailures: 4,
      lastError: 'HTTP 500 Internal Server Error',
    });
    expect(restarted.sync(result({ error: 'HTTP 500 Internal Server Error' }))).toEqual([
      {
        level: 'debug',
        message: `Sync of us_powerball failed (${LABEL}): HTTP 500 Internal Server Error (5 failed attempts)`,
      },
    ]);
    expect(restarted.sync(result())[0]).toEqual({
      level: 'log',
      message: `Sync of us_powerball: the source answers again after 5 failed attempts (${LABEL})`,
    });
  });

  it("follows the row when another writer came in between (another instance's sync)", () => {
    const log = new SyncLog();
    const source = driver(log);
    source.sync(result({ error: 'HTTP 500 Internal Server Error' }));
    // Another instance's sync succeeded (the row says 0): that instance said the source answers again, not this one.
    // Then it failed there, for the same reason (the row says 1): that instance warned, this one does not again.
    const row = { consecutiveFailures: 1, lastError: 'HTTP 500 Internal Server Error' };
    expect(
      log.linesFor(LABEL, { consecutiveFailures: 0, lastError: null }, result()).map((l) => l.level),
    ).toEqual(['debug']);
    expect(log.linesFor(LABEL, row, result({ error: 'HTTP 500 Internal Server Error' }))[0].level).toBe(
      'debug',
    );
  });
});
