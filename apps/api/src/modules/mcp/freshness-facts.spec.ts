import { freshnessFactsOf } from './freshness-facts';

describe('freshnessFactsOf (the X-Lottery-Freshness dictionary as an object)', () => {
  it('reads tokens, strings and decimals, keys in camelCase', () => {
    expect(
      freshnessFactsOf(
        'status=stale, last-draw="2024-11-20", expected-draw="2026-11-21", hours-behind=17520.5, source=failing',
      ),
    ).toEqual({
      status: 'stale',
      lastDraw: '2024-11-20',
      expectedDraw: '2026-11-21',
      hoursBehind: 17520.5,
      source: 'failing',
    });
  });

  it('leaves out what it cannot read, and answers nothing for no header', () => {
    expect(freshnessFactsOf('status=unscheduled, odd=(1 2), source=none')).toEqual({
      status: 'unscheduled',
      source: 'none',
    });
    expect(freshnessFactsOf(undefined)).toBeUndefined();
    expect(freshnessFactsOf('')).toBeUndefined();
  });
});
