import type { Lottery, ValueStats } from '../../app/api-types';

/**
 * The default window, as the API takes it without `from`/`to`: from where the number rules in force at the latest
 * draw began (consecutive eras with the same main and special groups count as one: UK Lotto's rounds of 2026 kept
 * its 59-ball pool) to the latest draw.
 */
export function defaultWindow(lottery: Lottery): { from: string; to: string } {
  const last = lottery.draws.last;
  const eras = lottery.rules;
  let index = last ? eras.findLastIndex((era) => era.from <= last) : eras.length - 1;
  if (index < 0) index = 0;
  type Group = {
    count: number;
    min: number;
    max: number;
    distinct?: boolean;
    pool?: string;
    counted?: number;
  };
  const rules = (g: Group | null) =>
    g && [g.count, g.min, g.max, g.distinct ?? true, g.pool ?? 'own', g.counted ?? g.count];
  const groups = (era: (typeof eras)[number]) => JSON.stringify([rules(era.main), rules(era.special)]);
  while (index > 0 && groups(eras[index - 1]) === groups(eras[index])) index--;
  return { from: eras[index]?.from ?? lottery.draws.first ?? '', to: last ?? '' };
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
