import { describe, expect, it } from 'vitest';
import { resultSummary } from './sync-table';

const result = {
  lottery: 'eu_eurojackpot',
  source: 'generic https://x.org/by-week/{isoWeek}',
  fetched: 8,
  inserted: 7,
  unchanged: 1,
  conflicts: 0,
  corrected: 0,
  rejected: [],
  error: null,
};

describe('resultSummary', () => {
  it('says what a sync did, and how many periods a catching-up source asked and left', () => {
    expect(resultSummary(result)).toBe('8 fetched, 7 new, 1 unchanged, 0 conflicts, 0 rejected');
    expect(resultSummary({ ...result, periods: 4, periodsLeft: 2 })).toBe(
      '8 fetched, 7 new, 1 unchanged, 0 conflicts, 0 rejected, 4 periods asked, 2 left for the next sync',
    );
  });
});
