import { LRUCache } from 'lru-cache';

// These run on every metered request: the day's string and each month's reset are computed once, not per call.
const DAY_MS = 86_400_000;
let lastDay = Number.NaN;
let lastDayString = '';
/** Each month's reset (one Date per month, see request-meter); bounded, the least recently used month going first. */
const resets = new LRUCache<string, Date>({ max: 1000 });

/** Quota months are calendar months in UTC; they reset at 00:00 UTC on the 1st. */
export function utcMonth(now: Date): string {
  return utcDay(now).slice(0, 7);
}

export function utcDay(now: Date): string {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayString = now.toISOString().slice(0, 10);
  }
  return lastDayString;
}

/** The instant the month containing `month` ('YYYY-MM') ends, i.e. the next reset. */
export function monthResetsAt(month: string): Date {
  let reset = resets.get(month);
  if (!reset) {
    const [year, monthIndex] = month.split('-').map(Number);
    reset = new Date(Date.UTC(year, monthIndex, 1));
    resets.set(month, reset);
  }
  return reset;
}

export function monthStart(month: string): string {
  return `${month}-01`;
}

/** Seconds a month's counter must live: to the end of the month plus a day of slack. */
export function monthCounterTtlSeconds(month: string, now: Date): number {
  return Math.ceil((monthResetsAt(month).getTime() - now.getTime()) / 1000) + 86_400;
}
