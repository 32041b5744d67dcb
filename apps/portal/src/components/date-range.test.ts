import { describe, expect, it } from 'vitest';
import { reversedRangeError } from './date-range';

describe('reversedRangeError', () => {
  it('refuses a To before the From, naming the From', () => {
    expect(reversedRangeError('2021-06-01', '2021-01-01')).toBe(
      'The range ends before it starts: choose a day on or after 2021-06-01.',
    );
  });

  it('takes a window of one day, and any order across months and years', () => {
    expect(reversedRangeError('2021-06-01', '2021-06-01')).toBeUndefined();
    expect(reversedRangeError('2020-12-31', '2021-01-01')).toBeUndefined();
  });

  it('takes an empty end, which means the default', () => {
    expect(reversedRangeError('', '2021-01-01')).toBeUndefined();
    expect(reversedRangeError('2021-06-01', '')).toBeUndefined();
  });
});
