import { EARLIEST_DRAW_DATE, invalidIsoDateMessage, isValidIsoDate } from './iso-date';

describe('isValidIsoDate', () => {
  it.each(['2020-01-01', '2024-02-29', '2000-02-29', '1800-01-01', '1999-12-31', '2023-04-30'])(
    'accepts %s',
    (s) => {
      expect(isValidIsoDate(s)).toBe(true);
    },
  );

  it.each([
    '2023-02-29', // not a leap year
    '1900-02-29', // century, not divisible by 400
    '2020-02-30',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '2023-1-01',
    '20230101',
    '2023/01/01',
    ' 2023-01-01',
    '2023-01-01T00:00:00Z',
    '',
  ])('rejects %j', (s) => {
    expect(isValidIsoDate(s)).toBe(false);
  });

  it('rejects non-strings that slip past the type system', () => {
    expect(isValidIsoDate(20230101 as unknown as string)).toBe(false);
  });

  it('handles years below 100 by the proleptic calendar', () => {
    expect(isValidIsoDate('0004-02-29')).toBe(true);
    expect(isValidIsoDate('0100-02-29')).toBe(false);
  });
});

describe('shared constants and messages', () => {
  it('exposes the earliest draw date', () => {
    expect(EARLIEST_DRAW_DATE).toBe('1800-01-01');
  });

  it('words the invalid-date message', () => {
    expect(invalidIsoDateMessage('2020-02-30')).toBe(
      "Invalid date '2020-02-30'. Expected 'YYYY-MM-DD' format.",
    );
  });
});
