/** One day's requests, as the usage report lists them (days without requests are left out). */
export interface DailyCount {
  date: string;
  count: number;
  success: number;
  errors: number;
}

export function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** Every day of the month 'YYYY-MM' in order, those the report leaves out at 0: one bar per day on the chart. */
export function everyDay(month: string, daily: DailyCount[]): DailyCount[] {
  const days: DailyCount[] = Array.from({ length: daysInMonth(month) }, (_, i) => ({
    date: `${month}-${String(i + 1).padStart(2, '0')}`,
    count: 0,
    success: 0,
    errors: 0,
  }));
  for (const day of daily) {
    const index = Number(day.date.slice(8, 10)) - 1;
    if (day.date.startsWith(month) && index >= 0 && index < days.length) days[index] = day;
  }
  return days;
}

/** "1 error", "2 errors". */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;
}

/** The month in one sentence: the chart's caption and what a screen reader reads instead of the bars. */
export function usageSummary(month: string, days: DailyCount[]): string {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No requests in ${month}.`;
  const errors = days.reduce((sum, day) => sum + day.errors, 0);
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return `${plural(total, 'request')} in ${month} (${(total - errors).toLocaleString()} successful, ${plural(errors, 'error')}); busiest day ${busiest.date} with ${busiest.count.toLocaleString()}.`;
}
