import { describe, expect, it } from 'vitest';
import { labelEvery, shortNumber, yTicks } from './chart-scale';

describe('yTicks', () => {
  it('steps of 1, 2 or 5 times a power of ten up to a round top at or above the maximum', () => {
    expect(yTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks(167)).toEqual([0, 50, 100, 150, 200]);
    expect(yTicks(13.4)).toEqual([0, 5, 10, 15]);
  });

  it('an empty chart still has an axis from 0 to 1', () => {
    expect(yTicks(0)).toEqual([0, 1]);
  });

  it('never steps below 1 (no fractional requests)', () => {
    expect(yTicks(1)).toEqual([0, 1]);
  });
});

describe('shortNumber', () => {
  it('keeps small numbers and shortens thousands and millions', () => {
    expect(shortNumber(999)).toBe('999');
    expect(shortNumber(1200)).toBe('1.2k');
    expect(shortNumber(25_000)).toBe('25k');
    expect(shortNumber(3_400_000)).toBe('3.4M');
  });
});

describe('labelEvery', () => {
  it('labels every bar when there is room, else every 5th or 10th', () => {
    expect(labelEvery(30)).toBe(1);
    expect(labelEvery(22)).toBe(1);
    expect(labelEvery(10)).toBe(5);
    expect(labelEvery(4)).toBe(10);
  });
});
