/**
 * Calendar dates travel through the API as plain 'YYYY-MM-DD' strings: draws happen on a local
 * calendar day, so a Date (an instant) would drag time zones into comparisons that don't need them.
 * ISO strings of this exact shape also sort correctly as plain strings.
 */

/** Older "draws" are almost certainly typos (e.g. 0202 for 2020), not lottery history. */
export const EARLIEST_DRAW_DATE = '1800-01-01';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Strict 'YYYY-MM-DD' that names a real calendar day (2023-02-29 is rejected). */
export function isValidIsoDate(s: string): boolean {
  // Callers pass untrusted input (JSON bodies, CSV cells), so don't trust the static type alone.
  if (typeof s !== 'string') return false;
  const match = ISO_DATE.exec(s);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** One wording for every place that rejects a date, so API and CSV errors read the same. */
export function invalidIsoDateMessage(s: string): string {
  return `Invalid date '${s}'. Expected 'YYYY-MM-DD' format.`;
}

// Computed by hand rather than via Date.UTC, which maps years 0-99 to 1900-1999.
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
