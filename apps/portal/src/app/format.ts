/** Numbers and dates as the visitor's browser writes them. */
export function formatNumber(value: number | null | undefined, unlimited = 'unlimited'): string {
  return value === null || value === undefined ? unlimited : value.toLocaleString();
}

/**
 * An amount in a currency's major unit, as the visitor's browser writes money: "€453,217.10", "$4.00". A currency
 * the browser does not know is written as its code and the number ("XYZ 12.5").
 */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toLocaleString()}`;
  }
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A date and time short enough for a table cell that never wraps: "Nov 29, 2:45 PM", the year only when it is not
 * this one ("Mar 4, 2025, 9:00 AM").
 */
export function formatShortDateTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** "in 9 days", "in 5 hours" */
export function fromNow(iso: string): string {
  const ms = new Date(iso).getTime() - Date.now();
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const hours = ms / 3_600_000;
  if (Math.abs(hours) < 1) return rtf.format(Math.round(ms / 60_000), 'minute');
  if (Math.abs(hours) < 48) return rtf.format(Math.round(hours), 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

/** The current UTC month, 'YYYY-MM' (the quota's calendar). */
export function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}
