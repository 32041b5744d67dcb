import type { Lottery, ValueStats } from '../../app/api-types';

/** The default window, as the API takes it without `from`/`to`: the latest rule era's start to the latest draw. */
export function defaultWindow(lottery: Lottery): { from: string; to: string } {
  const era = lottery.rules[lottery.rules.length - 1];
  return { from: era?.from ?? lottery.draws.first ?? '', to: lottery.draws.last ?? '' };
}

/** "12.3 %": a frequency as a percentage with one decimal. */
export function percent(frequency: number): string {
  return `${(frequency * 100).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

/** The `size` values first in this order, ties broken by the smaller value. */
function top(
  values: ValueStats[],
  size: number,
  order: (a: ValueStats, b: ValueStats) => number,
): ValueStats[] {
  return [...values].sort((a, b) => order(a, b) || a.value - b.value).slice(0, size);
}

/** Hot: drawn most; cold: drawn least; longest absent: the most draws since it was last drawn. */
export function highlights(values: ValueStats[], size = 5) {
  return {
    hot: top(values, size, (a, b) => b.count - a.count),
    cold: top(values, size, (a, b) => a.count - b.count),
    absent: top(values, size, (a, b) => b.drawsSince - a.drawsSince),
  };
}

/** One group of numbers as the page shows it: the main numbers or the specials, under their name. */
export interface StatsGroup {
  /** 'main' or 'special': for ids. */
  key: 'main' | 'special';
  /** "Main numbers", "Powerball" */
  name: string;
  values: ValueStats[];
}
