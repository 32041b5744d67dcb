import type { LotteryRecord } from './lottery-record';

/** What GET /lotteries narrows the list to; an absent field does not filter. */
export interface LotteryFilter {
  /** Upper case, as stored ('US', 'EU'). */
  country?: string;
  /** Lower-case words, each of which the name or the tag must hold. */
  words: string[];
  status?: 'active' | 'retired';
}

export const NO_FILTER: LotteryFilter = { words: [] };

export function isFiltering(filter: LotteryFilter): boolean {
  return filter.country !== undefined || filter.words.length > 0 || filter.status !== undefined;
}

export function matchesFilter(record: LotteryRecord, filter: LotteryFilter): boolean {
  if (filter.country !== undefined && record.country.toUpperCase() !== filter.country) return false;
  if (filter.status !== undefined && (record.retiredOn === null ? 'active' : 'retired') !== filter.status)
    return false;
  const text = `${record.name} ${record.tag}`.toLowerCase();
  return filter.words.every((word) => text.includes(word));
}
