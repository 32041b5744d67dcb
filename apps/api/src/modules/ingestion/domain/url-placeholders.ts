import { DateTime } from 'luxon';
import { EARLIEST_DRAW_DATE } from '../../../common/dates/iso-date';

/**
 * What a generic source's URL may hold in its path and query, for feeds that take the dates they serve in the
 * path (lotto.de `/draws/{sinceMs}/{untilMs}`, Veikkaus `/draws/by-week/{isoWeek}`):
 * - `{since}`: the first date wanted, YYYY-MM-DD;
 * - `{sinceMs}`: that date at 00:00 in the lottery's zone, in epoch milliseconds;
 * - `{untilMs}`: now + 1 day, in epoch milliseconds (a draw of today is inside the range, whatever the zone);
 * - `{isoWeek}`: today's ISO week in the lottery's zone, YYYY-Www.
 */
export const URL_PLACEHOLDERS = ['since', 'sinceMs', 'untilMs', 'isoWeek'] as const;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the placeholders stand for in one request. */
export interface UrlValues {
  /** YYYY-MM-DD; null when nothing is stored yet: the URL then asks from EARLIEST_DRAW_DATE (everything). */
  since: string | null;
  now: Date;
  /** The lottery's IANA zone (UTC when unknown). */
  timeZone?: string;
}

/** The first `{…}` of a URL that is not a known placeholder (`{sinceMS}`, `{}`), or null when there is none. */
export function unknownUrlPlaceholder(url: string): string | null {
  for (const [whole, name] of url.matchAll(PLACEHOLDER))
    if (!(URL_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
  return null;
}

/** Whether a `{` stands outside the URL's path and query (in its host, credentials or fragment). */
export function placeholderOutsidePathAndQuery(url: URL): boolean {
  return [url.username, url.password, url.hostname, url.port, url.hash].some((part) => /\{|%7b/i.test(part));
}

/** The URL with each placeholder replaced by its value (all of them digits, '-' and 'W': nothing to escape). */
export function expandUrl(url: string, values: UrlValues): string {
  if (!url.includes('{')) return url;
  const zone = values.timeZone ?? 'UTC';
  const since = values.since ?? EARLIEST_DRAW_DATE;
  const today = DateTime.fromJSDate(values.now, { zone });
  const expanded: Record<(typeof URL_PLACEHOLDERS)[number], () => string> = {
    since: () => since,
    // Epoch milliseconds before 1970 (a lottery older than that, or nothing stored yet) are asked from 0:
    // asking from earlier than needed is harmless, and feeds refuse negative times.
    sinceMs: () => String(Math.max(0, DateTime.fromISO(since, { zone }).startOf('day').toMillis())),
    untilMs: () => String(values.now.getTime() + DAY_MS),
    isoWeek: () => today.toFormat("kkkk-'W'WW"),
  };
  return url.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(expanded, name) ? expanded[name as keyof typeof expanded]() : whole,
  );
}
