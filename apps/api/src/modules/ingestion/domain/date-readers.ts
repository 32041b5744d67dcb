import { DateTime } from 'luxon';

/** `dateFormat` for dates as epoch milliseconds (lotto.de, Veikkaus): the calendar date in the lottery's zone. */
export const EPOCH_MS = 'epoch-ms';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TOKENS = /(YYYY|MMM|MM|DD)/;

/**
 * A date format: 'epoch-ms', or YYYY, DD and one of MM (a month number) or MMM (an English month's short name,
 * any case) once each, with literal characters between them.
 */
export function isDateFormat(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 40) return false;
  if (value === EPOCH_MS) return true;
  const tokens = value.split(TOKENS).filter((_, i) => i % 2 === 1);
  const count = (token: string) => tokens.filter((t) => t === token).length;
  return count('YYYY') === 1 && count('DD') === 1 && count('MM') + count('MMM') === 1;
}

/**
 * Reads a date value as 'YYYY-MM-DD' (null when it is not one; the calendar check is the caller's): with
 * `format` at the start of a text (a time after the date is ignored), or, for 'epoch-ms', a whole number of
 * milliseconds (a number or numeric text) as a date in `timeZone` (an IANA zone; UTC when none is known).
 */
export function dateReader(
  format = 'YYYY-MM-DD',
  timeZone = 'UTC',
): (value: string | number) => string | null {
  if (format === EPOCH_MS) return (value) => epochDate(value, timeZone);
  const order: string[] = [];
  const pattern = format
    .split(TOKENS)
    .map((part) => {
      if (part === 'YYYY') return (order.push('Y'), '(\\d{4})');
      if (part === 'MMM') return (order.push('N'), '([A-Za-z]{3})');
      if (part === 'MM' || part === 'DD') return (order.push(part[0]), '(\\d{1,2})');
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // A time may follow the date ('2024-01-02T00:00:00.000', '02/01/2024 20:45').
  const regex = new RegExp(`^${pattern}(?:$|[T\\s])`);
  return (value) => {
    const match = regex.exec(String(value).trim());
    if (!match) return null;
    const part = (token: string) => match[order.indexOf(token) + 1];
    const month = order.includes('N') ? MONTHS.indexOf(part('N').toLowerCase()) + 1 : Number(part('M'));
    if (month === 0) return null;
    return `${part('Y')}-${String(month).padStart(2, '0')}-${part('D').padStart(2, '0')}`;
  };
}

function epochDate(value: string | number, timeZone: string): string | null {
  const ms = typeof value === 'number' ? value : /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(ms)) return null;
  const date = DateTime.fromMillis(ms, { zone: timeZone });
  return date.isValid ? date.toISODate() : null;
}
