import { DateTime } from 'luxon';
import { EARLIEST_DRAW_DATE } from '../../../common/dates/iso-date';

/**
 * What a generic source's URL may hold in its path and query, for feeds that take the dates they serve in the
 * path (lotto.de `/draws/{sinceMs}/{untilMs}`, Veikkaus `/draws/by-week/{isoWeek}`):
 * - `{since}`: the first date wanted, YYYY-MM-DD;
 * - `{sinceMs}`: that date at 00:00 in the lottery's zone, in epoch milliseconds;
 * - `{untilMs}`: now + 1 day, in epoch milliseconds (a draw of today is inside the range, whatever the zone);
 * - `{isoWeek}`: today's ISO week in the lottery's zone, YYYY-Www;
 * - `{year}`: today's year in the lottery's zone, YYYY;
 * - `{contest}`: a draw's number (per-draw APIs: CAIXA `/megasena/{contest}`); without one, the URL is asked
 *   without its `/{contest}` (the latest draw).
 *
 * `{isoWeek}` and `{year}` name a period: such a URL is asked once per period from the one of the last stored draw
 * to today's (`catchUpPeriods`), so that draws missed while the service was offline are caught up.
 */
export const URL_PLACEHOLDERS = ['since', 'sinceMs', 'untilMs', 'isoWeek', 'year', 'contest'] as const;

/** The placeholders that name a period, finest first: a URL with several steps by the finest. */
const PERIOD_UNITS = [
  ['isoWeek', 'week'],
  ['year', 'year'],
] as const;

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** `/{contest}` in a path: left out when no draw number is known (the latest draw). */
const CONTEST_SEGMENT = /\/\{contest\}/g;

/** Whether a URL names a draw (`{contest}`): it is asked for each draw number after the last one read. */
export function namesContest(url: string): boolean {
  return url.includes('{contest}');
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the placeholders stand for in one request. */
export interface UrlValues {
  /** YYYY-MM-DD; null when nothing is stored yet: the URL then asks from EARLIEST_DRAW_DATE (everything). */
  since: string | null;
  now: Date;
  /** A moment of the period that `{isoWeek}` and `{year}` name (a catch-up's earlier period); default `now`. */
  period?: Date;
  /** The draw number `{contest}` stands for; absent: `/{contest}` is left out of the URL (the latest draw). */
  contest?: number;
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
  if (values.contest === undefined) url = url.replace(CONTEST_SEGMENT, '');
  const zone = values.timeZone ?? 'UTC';
  const since = values.since ?? EARLIEST_DRAW_DATE;
  const today = DateTime.fromJSDate(values.period ?? values.now, { zone });
  const expanded: Record<(typeof URL_PLACEHOLDERS)[number], () => string> = {
    since: () => since,
    // Epoch milliseconds before 1970 (a lottery older than that, or nothing stored yet) are asked from 0:
    // asking from earlier than needed is harmless, and feeds refuse negative times.
    sinceMs: () => String(Math.max(0, DateTime.fromISO(since, { zone }).startOf('day').toMillis())),
    untilMs: () => String(values.now.getTime() + DAY_MS),
    isoWeek: () => today.toFormat("kkkk-'W'WW"),
    year: () => today.toFormat('yyyy'),
    contest: () => String(values.contest ?? ''),
  };
  return url.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(expanded, name) ? expanded[name as keyof typeof expanded]() : whole,
  );
}

/** The periods a sync asks for (`catchUpPeriods`): the first ones, oldest first, and how many are left for later. */
export interface CatchUp {
  /** A moment of each period to ask for (its first instant in the lottery's zone; the last one is `now`). */
  periods: Date[];
  /** Periods after these, up to today's, left to the next syncs (which start from the new last stored draw). */
  left: number;
}

/**
 * The periods to ask a URL that names one (`{isoWeek}`, `{year}`) for: from the period of the last stored draw
 * (`last`, YYYY-MM-DD) to today's, oldest first, at most `max` of them (the rest are `left` to the next syncs). A
 * URL without a period, nothing stored yet (the feed gives only today's period: the bundle or an import holds the
 * history), or a last draw in today's period or later: today's period alone, as before catch-up.
 */
export function catchUpPeriods(
  url: string,
  values: { last: string | null; now: Date; timeZone?: string },
  max: number,
): CatchUp {
  const names = [...url.matchAll(PLACEHOLDER)].map((match) => match[1]);
  const unit = PERIOD_UNITS.find(([name]) => names.includes(name))?.[1];
  const single = { periods: [values.now], left: 0 };
  if (unit === undefined || values.last === null) return single;
  const zone = values.timeZone ?? 'UTC';
  const current = DateTime.fromJSDate(values.now, { zone }).startOf(unit);
  let period = DateTime.fromISO(values.last, { zone }).startOf(unit);
  const periods: Date[] = [];
  while (period < current) {
    periods.push(period.toJSDate());
    period = period.plus({ [`${unit}s`]: 1 });
  }
  if (periods.length === 0) return single;
  periods.push(values.now);
  return { periods: periods.slice(0, max), left: Math.max(0, periods.length - max) };
}
