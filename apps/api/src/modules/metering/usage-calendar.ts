/** Quota months are calendar months in UTC; they reset at 00:00 UTC on the 1st. */
export function utcMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The instant the month containing `month` ('YYYY-MM') ends, i.e. the next reset. */
export function monthResetsAt(month: string): Date {
  const [year, monthIndex] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthIndex, 1));
}

export function monthStart(month: string): string {
  return `${month}-01`;
}

/** Seconds a month's counter must live: to the end of the month plus a day of slack. */
export function monthCounterTtlSeconds(month: string, now: Date): number {
  return Math.ceil((monthResetsAt(month).getTime() - now.getTime()) / 1000) + 86_400;
}
