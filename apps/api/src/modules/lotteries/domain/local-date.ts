/**
 * Draw dates are calendar days in the lottery's own zone, so "today" (which picks the rules in force) must be
 * computed there too: at 23:00 in New York it is already tomorrow in UTC.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function calendarDateIn(timezone: string, instant: Date): string {
  let formatter = formatters.get(timezone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: isKnownTimezone(timezone) ? timezone : 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

/** Whether the runtime knows the IANA zone (so a stored zone can always be used for date arithmetic). */
export function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
