import { divisionFor, parsePrizePeriods, prizePeriodOn, type PrizeDivision } from './prize-structure';

const bounds = { eraFrom: '2015-10-07', mainCount: 5, specialCount: 1 };
const division = (rank: number, main: number, extra: Partial<PrizeDivision> = {}): PrizeDivision => ({
  rank,
  main,
  prize: { type: 'parimutuel' },
  ...extra,
});

describe('prize structures', () => {
  it('picks the first division whose conditions the line meets: exact, at least, or any specials', () => {
    const divisions = [division(1, 3, { special: 0 }), division(2, 3, { specialAtLeast: 2 }), division(3, 2)];
    expect(divisionFor(divisions, 3, 0)?.rank).toBe(1);
    expect(divisionFor(divisions, 3, 1)).toBeNull();
    expect(divisionFor(divisions, 3, 3)?.rank).toBe(2);
    expect(divisionFor(divisions, 2, 5)?.rank).toBe(3);
    expect(divisionFor(divisions, 1, 0)).toBeNull();
  });

  it('knows no structure before the first period, and the latest one that started afterwards', () => {
    const periods = [
      { from: '2016-01-01', source: 's', divisions: [] },
      { from: '2018-11-21', source: 's', divisions: null },
    ];
    expect(prizePeriodOn(periods, '2015-12-31')).toBeUndefined();
    expect(prizePeriodOn(periods, '2018-11-20')?.from).toBe('2016-01-01');
    expect(prizePeriodOn(periods, '2026-01-01')?.from).toBe('2018-11-21');
    expect(prizePeriodOn(undefined, '2026-01-01')).toBeUndefined();
  });

  it.each([
    [{}, 'prizes must be an array of periods.'],
    [
      [{ from: '2015-10-06', source: 's', divisions: null }],
      'prizes[0].from 2015-10-06 is before its rule era (from 2015-10-07).',
    ],
    [
      [{ from: '2016-01-01', source: '', divisions: null }],
      'prizes[0].source must name where the structure comes from (at most 2000 characters).',
    ],
    [
      [{ from: '2016-01-01', source: 's', divisions: [division(2, 5)] }],
      'prizes[0].divisions[0].rank must start at 1 and go up by at most 1, got 2.',
    ],
    [
      [{ from: '2016-01-01', source: 's', divisions: [division(1, 6)] }],
      'prizes[0].divisions[0].main must be a whole number from 0 to 5.',
    ],
    [
      [{ from: '2016-01-01', source: 's', divisions: [division(1, 5, { special: 2 })] }],
      'prizes[0].divisions[0].special must be a whole number from 0 to 1.',
    ],
    [
      [
        {
          from: '2016-01-01',
          source: 's',
          divisions: [{ rank: 1, main: 5, prize: { type: 'fixed', amount: 7 } }],
        },
      ],
      'prizes[0].divisions[0].prize.currency must be an ISO 4217 code such as USD.',
    ],
    [
      [
        {
          from: '2016-01-01',
          source: 's',
          divisions: [{ rank: 1, main: 5, prize: { type: 'jackpot', amount: 7 } }],
        },
      ],
      'prizes[0].divisions[0].prize: only a fixed prize has an amount and a currency.',
    ],
  ])('refuses %j: %s', (value, problem) => {
    expect(parsePrizePeriods(value, bounds)).toEqual({ problem });
  });
});
