import { describe, expect, it } from 'vitest';
import { daysInMonth, everyDay, usageSummary } from './usage-days';

describe('daysInMonth', () => {
  it('knows short months and leap years', () => {
    expect(daysInMonth('2026-01')).toBe(31);
    expect(daysInMonth('2026-04')).toBe(30);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2024-02')).toBe(29);
  });
});

describe('everyDay', () => {
  it('fills the days without requests with 0 and keeps the others in place', () => {
    const days = everyDay('2026-02', [{ date: '2026-02-03', count: 4, success: 3, errors: 1 }]);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2026-02-01', count: 0, success: 0, errors: 0 });
    expect(days[2]).toEqual({ date: '2026-02-03', count: 4, success: 3, errors: 1 });
  });

  it('ignores a day of another month', () => {
    const days = everyDay('2026-02', [{ date: '2026-03-03', count: 4, success: 4, errors: 0 }]);
    expect(days.every((day) => day.count === 0)).toBe(true);
  });
});

describe('usageSummary', () => {
  it('says the total, the outcomes and the busiest day', () => {
    const days = everyDay('2026-02', [
      { date: '2026-02-03', count: 4, success: 3, errors: 1 },
      { date: '2026-02-05', count: 1, success: 1, errors: 0 },
    ]);
    expect(usageSummary('2026-02', days)).toBe(
      '5 requests in 2026-02 (4 successful, 1 error); busiest day 2026-02-03 with 4.',
    );
  });

  it('says so when the month had no request', () => {
    expect(usageSummary('2026-02', everyDay('2026-02', []))).toBe('No requests in 2026-02.');
  });
});
