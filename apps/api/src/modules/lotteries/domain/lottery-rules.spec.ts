import { currentEra, RuleEra, ruleEraOn, validateDrawNumbers, validateRuleEras } from './lottery-rules';

const group = (count: number, min: number, max: number, distinct = true) => ({ count, min, max, distinct });

// The last two Powerball eras, as in lotteries.json.
const powerball: RuleEra[] = [
  { from: '2012-01-18', main: group(5, 1, 59), special: group(1, 1, 35) },
  { from: '2015-10-07', main: group(5, 1, 69), special: group(1, 1, 26) },
];
const germanLotto: RuleEra[] = [
  { from: '1955-10-09', main: group(6, 1, 49), special: null },
  { from: '1991-12-07', main: group(6, 1, 49), special: group(1, 0, 9) },
];
const superEnalotto: RuleEra[] = [
  { from: '2009-01-02', main: group(6, 1, 90), special: group(2, 1, 90, false) },
];

describe('ruleEraOn', () => {
  it('returns the latest era started on or before the date', () => {
    expect(ruleEraOn(powerball, '2015-10-06')).toBe(powerball[0]);
    expect(ruleEraOn(powerball, '2015-10-07')).toBe(powerball[1]);
    expect(ruleEraOn(powerball, '2030-01-01')).toBe(powerball[1]);
    expect(ruleEraOn(powerball, '2012-01-18')).toBe(powerball[0]);
  });

  it('returns undefined before the first era', () => {
    expect(ruleEraOn(powerball, '2012-01-17')).toBeUndefined();
    expect(ruleEraOn([], '2012-01-17')).toBeUndefined();
  });

  it('does not depend on the array order', () => {
    expect(ruleEraOn([...powerball].reverse(), '2016-01-01')).toBe(powerball[1]);
  });
});

describe('currentEra', () => {
  it('is the era in force today', () => {
    expect(currentEra(powerball, '2026-01-01')).toBe(powerball[1]);
    expect(currentEra(powerball, '2014-01-01')).toBe(powerball[0]);
  });

  it('falls back to the upcoming era for a lottery that has not started yet', () => {
    expect(currentEra(powerball, '2000-01-01')).toBe(powerball[0]);
    expect(currentEra([], '2000-01-01')).toBeUndefined();
  });
});

describe('validateDrawNumbers', () => {
  it('accepts a valid draw', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 69], [26])).toBeNull();
  });

  it('applies the era in force on the draw date', () => {
    expect(validateDrawNumbers(powerball, '2015-10-06', [1, 2, 3, 4, 69], [26])).toBe(
      'Main number 69 is out of range 1-59 for draws from 2012-01-18.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-06', [1, 2, 3, 4, 59], [35])).toBeNull();
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 59], [35])).toBe(
      'Special number 35 is out of range 1-26 for draws from 2015-10-07.',
    );
  });

  it('checks the main count', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4], [1])).toBe(
      'Expected 5 main numbers on 2015-10-07, got 4.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5, 6], [1])).toBe(
      'Expected 5 main numbers on 2015-10-07, got 6.',
    );
  });

  it('checks the special count exactly', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5], [])).toBe(
      'Expected 1 special number on 2015-10-07, got 0.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5], [1, 2])).toBe(
      'Expected 1 special number on 2015-10-07, got 2.',
    );
  });

  it('checks ranges at both ends', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [0, 2, 3, 4, 5], [1])).toBe(
      'Main number 0 is out of range 1-69 for draws from 2015-10-07.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 70], [1])).toBe(
      'Main number 70 is out of range 1-69 for draws from 2015-10-07.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5], [27])).toBe(
      'Special number 27 is out of range 1-26 for draws from 2015-10-07.',
    );
    expect(validateDrawNumbers(germanLotto, '2020-01-01', [1, 2, 3, 4, 5, 6], [0])).toBeNull();
  });

  it('rejects repeated numbers in a distinct group', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [12, 2, 12, 4, 5], [1])).toBe(
      'Main number 12 is repeated.',
    );
    expect(validateDrawNumbers(superEnalotto, '2020-01-01', [1, 2, 3, 4, 5, 5], [7, 8])).toBe(
      'Main number 5 is repeated.',
    );
  });

  it('allows repeats in a non-distinct group (SuperEnalotto Jolly = SuperStar)', () => {
    expect(validateDrawNumbers(superEnalotto, '2020-01-01', [1, 2, 3, 4, 5, 6], [34, 34])).toBeNull();
  });

  it('does not compare special numbers with main numbers', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5], [5])).toBeNull();
  });

  it('rejects non-integers', () => {
    expect(validateDrawNumbers(powerball, '2015-10-07', [1.5, 2, 3, 4, 5], [1])).toBe(
      'Main number 1.5 is not an integer.',
    );
    expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 5], [Number.NaN])).toBe(
      'Special number NaN is not an integer.',
    );
  });

  it('rejects special numbers in an era without them, naming when they start', () => {
    expect(validateDrawNumbers(germanLotto, '1991-12-06', [1, 2, 3, 4, 5, 6], [3])).toBe(
      'Special numbers are not allowed for draws before 1991-12-07.',
    );
    expect(validateDrawNumbers(germanLotto, '1991-12-06', [1, 2, 3, 4, 5, 6], [])).toBeNull();
    expect(validateDrawNumbers(germanLotto, '1991-12-07', [1, 2, 3, 4, 5, 6], [])).toBe(
      'Expected 1 special number on 1991-12-07, got 0.',
    );
  });

  it('words the message for a lottery that never had special numbers', () => {
    const noSpecial: RuleEra[] = [{ from: '2000-01-01', main: group(3, 1, 10), special: null }];
    expect(validateDrawNumbers(noSpecial, '2001-01-01', [1, 2, 3], [4])).toBe(
      'Special numbers are not allowed for draws from 2000-01-01.',
    );
  });

  it('rejects dates before every era and invalid dates', () => {
    expect(validateDrawNumbers(powerball, '1900-01-01', [1, 2, 3, 4, 5], [1])).toBe(
      'No rules are in force on 1900-01-01.',
    );
    expect(validateDrawNumbers(powerball, '2023-02-29', [1, 2, 3, 4, 5], [1])).toBe(
      "Invalid date '2023-02-29'. Expected 'YYYY-MM-DD' format.",
    );
  });
});

describe('validateRuleEras', () => {
  it('accepts well-formed eras, including a null special and non-distinct groups', () => {
    expect(validateRuleEras(powerball)).toBeNull();
    expect(validateRuleEras(germanLotto)).toBeNull();
    expect(validateRuleEras(superEnalotto)).toBeNull();
    // A non-distinct group may hold more numbers than its range.
    expect(
      validateRuleEras([{ from: '2000-01-01', main: group(5, 1, 5), special: group(3, 1, 2, false) }]),
    ).toBeNull();
  });

  it('requires at least one era', () => {
    expect(validateRuleEras([])).toBe('At least one rule era is required.');
  });

  it('requires valid, ascending, unique dates', () => {
    expect(validateRuleEras([{ ...powerball[0], from: '2012-02-30' }])).toBe(
      "Rule era 1: invalid 'from' date '2012-02-30'. Expected 'YYYY-MM-DD' format.",
    );
    expect(validateRuleEras([powerball[1], powerball[0]])).toBe(
      "Rule era 2: 'from' 2012-01-18 must be later than the previous era's 2015-10-07.",
    );
    expect(validateRuleEras([powerball[0], { ...powerball[1], from: '2012-01-18' }])).toBe(
      "Rule era 2: 'from' 2012-01-18 must be later than the previous era's 2012-01-18.",
    );
    expect(validateRuleEras([{ ...powerball[0], from: '1799-12-31' }])).toBe(
      "Rule era 1: 'from' cannot be before 1800-01-01.",
    );
  });

  it('checks counts', () => {
    expect(validateRuleEras([{ from: '2000-01-01', main: group(0, 1, 49), special: null }])).toBe(
      'Rule era 1 (from 2000-01-01): main count must be a whole number of at least 1, got 0.',
    );
    expect(validateRuleEras([{ from: '2000-01-01', main: group(6, 1, 49), special: group(0, 1, 10) }])).toBe(
      'Rule era 1 (from 2000-01-01): special count must be a whole number of at least 1, got 0.',
    );
    expect(validateRuleEras([{ from: '2000-01-01', main: group(2.5, 1, 49), special: null }])).toBe(
      'Rule era 1 (from 2000-01-01): main count must be a whole number of at least 1, got 2.5.',
    );
  });

  it('checks ranges', () => {
    expect(validateRuleEras([{ from: '2000-01-01', main: group(6, -1, 49), special: null }])).toBe(
      'Rule era 1 (from 2000-01-01): main min must be a whole number of at least 0, got -1.',
    );
    expect(validateRuleEras([{ from: '2000-01-01', main: group(1, 50, 49), special: null }])).toBe(
      'Rule era 1 (from 2000-01-01): main min 50 is greater than max 49.',
    );
    expect(validateRuleEras([{ from: '2000-01-01', main: group(1, 0, 0), special: null }])).toBeNull();
  });

  it('requires distinct groups to fit in their range', () => {
    expect(validateRuleEras([{ from: '2000-01-01', main: group(6, 1, 5), special: null }])).toBe(
      'Rule era 1 (from 2000-01-01): main needs 6 distinct numbers but 1-5 holds only 5.',
    );
    expect(validateRuleEras([{ from: '2000-01-01', main: group(5, 1, 5), special: null }])).toBeNull();
  });

  it('reports malformed shapes from untyped input', () => {
    const broken = [{ from: '2000-01-01', main: null, special: null }] as unknown as RuleEra[];
    expect(validateRuleEras(broken)).toBe('Rule era 1 (from 2000-01-01): main rule is missing.');
  });
});
