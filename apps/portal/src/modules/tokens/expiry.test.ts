import { describe, expect, it } from 'vitest';
import { expiresAtFor, expiryState, today, warningWindow } from './expiry';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const at = (offset: number) => new Date(NOW + offset).toISOString();

describe('expiryState', () => {
  it('a token without expiry never expires', () => {
    expect(expiryState({ createdAt: at(-DAY) }, NOW)).toBe('never');
    expect(expiryState({ createdAt: at(-DAY), expiresAt: null }, NOW)).toBe('never');
  });

  it('a 7-day token created a second ago is not yet expiring (the bug: it was, from birth)', () => {
    expect(expiryState({ createdAt: at(-1000), expiresAt: at(7 * DAY - 1000) }, NOW)).toBe('valid');
  });

  it('a 7-day token is announced in its last quarter: 42 hours before', () => {
    const token = { createdAt: at(-5 * DAY), expiresAt: at(2 * DAY) };
    expect(expiryState(token, NOW)).toBe('valid');
    expect(expiryState(token, NOW + 6 * 60 * 60 * 1000 + 1)).toBe('soon');
  });

  it('a long-lived token is announced a week ahead, not in its last quarter', () => {
    const yearly = { createdAt: at(-358 * DAY), expiresAt: at(7 * DAY + 1000) };
    expect(expiryState(yearly, NOW)).toBe('valid');
    expect(expiryState(yearly, NOW + 1000)).toBe('soon');
  });

  it('a past expiry is expired', () => {
    expect(expiryState({ createdAt: at(-DAY), expiresAt: at(-1) }, NOW)).toBe('expired');
    expect(expiryState({ createdAt: at(-DAY), expiresAt: at(0) }, NOW)).toBe('expired');
  });
});

describe('warningWindow', () => {
  it('is a week at most, else a quarter of the lifetime, never negative', () => {
    expect(warningWindow(at(0), at(365 * DAY))).toBe(7 * DAY);
    expect(warningWindow(at(0), at(DAY))).toBe(DAY / 4);
    expect(warningWindow(at(0), at(-DAY))).toBe(0);
  });
});

describe('expiresAtFor', () => {
  it('never sends nothing; days count from now; a date lasts until the end of that day, local time', () => {
    expect(expiresAtFor('never', '', NOW)).toBeUndefined();
    expect(expiresAtFor('30', '', NOW)).toBe(at(30 * DAY));
    const endOfDay = new Date(expiresAtFor('date', '2026-04-01', NOW) as string);
    expect([endOfDay.getFullYear(), endOfDay.getMonth(), endOfDay.getDate(), endOfDay.getHours()]).toEqual([
      2026, 3, 1, 23,
    ]);
  });
});

describe('today', () => {
  it('is the local date as YYYY-MM-DD', () => {
    expect(today(new Date(2026, 0, 5, 10))).toBe('2026-01-05');
  });
});
