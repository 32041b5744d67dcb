import fc from 'fast-check';
import type { RuleEra } from '../lotteries/domain/lottery-rules';
import { countWithSets, DrawIndex, lineBits } from './draw-index';

const group = (count: number, max: number, extra = {}) => ({ count, min: 1, max, distinct: true, ...extra });
const ERAS: Record<string, RuleEra[]> = {
  own: [{ from: '2000-01-01', main: group(5, 69), special: group(2, 12, { pool: 'own' }) }],
  bonus: [
    {
      from: '2000-01-01',
      main: group(6, 90),
      special: group(2, 90, { pool: 'main', counted: 1, distinct: false }),
    },
  ],
};

describe('DrawIndex', () => {
  it.each(Object.keys(ERAS))(
    'counts matches with bit sets exactly as the set-based reference (%s pool)',
    (kind) => {
      const rules = ERAS[kind];
      const era = rules[0];
      const numbers = (count: number, max: number) =>
        fc.uniqueArray(fc.integer({ min: 1, max }), { minLength: count, maxLength: count });
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(numbers(era.main.count, era.main.max), numbers(era.special!.count, era.special!.max)),
            {
              minLength: 1,
              maxLength: 30,
            },
          ),
          numbers(era.main.count, era.main.max),
          numbers(era.special!.count, era.special!.max),
          (drawn, lineMain, lineSpecial) => {
            const draws = drawn.map(([main, special], i) => ({
              date: `2020-01-${String(i + 1).padStart(2, '0')}`,
              main,
              special,
            }));
            const index = new DrawIndex(draws, rules);
            const line = lineBits(lineMain, lineSpecial);
            const own = era.special!.pool === 'own';
            for (const [i, draw] of draws.entries())
              expect(index.matchCounts(i, line)).toEqual(
                countWithSets(draw, era, lineMain, own ? lineSpecial : lineMain),
              );
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('counts only the specials that count (the Jolly), and matches them against the main numbers', () => {
    const index = new DrawIndex(
      [{ date: '2020-01-01', main: [1, 2, 3, 4, 5, 6], special: [7, 8] }],
      ERAS.bonus,
    );
    expect(index.matchCounts(0, lineBits([1, 2, 3, 4, 5, 7], []))).toEqual({ main: 5, special: 1 });
    expect(index.matchCounts(0, lineBits([1, 2, 3, 4, 5, 8], []))).toEqual({ main: 5, special: 0 });
    expect(index.countedSpecials(0)).toEqual([7]);
  });

  it('falls back to sets for numbers beyond the bit sets, with the same answers', () => {
    const rules: RuleEra[] = [{ from: '2000-01-01', main: group(3, 500), special: null }];
    const index = new DrawIndex([{ date: '2020-01-01', main: [200, 300, 499], special: [] }], rules);
    expect(index.matchCounts(0, lineBits([200, 499, 1], []))).toEqual({ main: 2, special: 0 });
  });
});
