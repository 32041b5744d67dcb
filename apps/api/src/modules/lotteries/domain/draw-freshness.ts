import { DateTime } from 'luxon';
import { type DrawSchedule, type ScheduledDraw, scheduledDrawOn } from './draw-schedule';

export type FreshnessStatus = 'current' | 'awaiting' | 'stale';

export interface NextDraw {
  /** 'YYYY-MM-DD' in the lottery's zone. */
  date: string;
  /** ISO date-time with the zone's offset. */
  at: string;
}

export interface Freshness {
  lastDraw: string | null;
  /** The latest scheduled draw that has taken place (null before the first). */
  expectedLastDraw: string | null;
  /**
   * current: every draw that has taken place is stored; awaiting: only the latest is missing and its
   * publication window is still open; stale: a draw is missing past its window.
   */
  status: FreshnessStatus;
  /** Hours since the oldest missing draw took place (one decimal); 0 when current. */
  hoursBehind: number;
}

/** Draw schedules repeat weekly: any search for a draw day ends within this many days. */
const WEEK = 8;

/** The first scheduled draw after `now`, or null when the schedule has none ahead. */
export function nextDrawOf(schedule: DrawSchedule, now: Date): NextDraw | null {
  const found = scan(schedule, today(schedule, now), 1, (draw) => draw.at.toMillis() > now.getTime());
  return found ? { date: found.date, at: found.at.toISO({ suppressMilliseconds: true }) as string } : null;
}

/**
 * A game that has ended: its history is complete as stored (nothing more will be drawn), so it is current, whatever
 * its schedule says.
 */
export function retiredFreshness(lastDraw: string | null): Freshness {
  return { lastDraw, expectedLastDraw: lastDraw, status: 'current', hoursBehind: 0 };
}

/** How current the stored draws are against the schedule, at `now`. */
export function freshnessOf(schedule: DrawSchedule, lastDraw: string | null, now: Date): Freshness {
  const expected = scan(schedule, today(schedule, now), -1, (draw) => draw.at.toMillis() <= now.getTime());
  if (!expected || (lastDraw !== null && lastDraw >= expected.date)) {
    return { lastDraw, expectedLastDraw: expected?.date ?? null, status: 'current', hoursBehind: 0 };
  }
  // The oldest draw missing: the first scheduled after the last stored one (or the schedule's first).
  const start = lastDraw === null ? schedule.eras[0].from : addDays(lastDraw, 1);
  const oldestMissing =
    scan(schedule, start, 1, (draw) => lastDraw === null || draw.date > lastDraw) ?? expected;
  const hoursBehind = Math.round((now.getTime() - oldestMissing.at.toMillis()) / 360_000) / 10;
  const windowEnd = expected.at.toMillis() + schedule.publicationWindowMinutes * 60_000;
  const awaiting = oldestMissing.date === expected.date && now.getTime() < windowEnd;
  return {
    lastDraw,
    expectedLastDraw: expected.date,
    status: awaiting ? 'awaiting' : 'stale',
    hoursBehind: Math.max(0, hoursBehind),
  };
}

/** Walks day by day from `date` (forward or back) for a week: the first scheduled draw that `accept`s. */
function scan(
  schedule: DrawSchedule,
  date: string,
  step: 1 | -1,
  accept: (draw: ScheduledDraw) => boolean,
): ScheduledDraw | undefined {
  // Starts a day early (or late): a draw late in the evening in one zone is already "tomorrow" in another.
  for (let i = -1; i <= WEEK; i++) {
    const draw = scheduledDrawOn(schedule, addDays(date, i * step));
    if (draw && accept(draw)) return draw;
  }
  return undefined;
}

/** Today in the zone of the era that applies last (where "now" is). */
function today(schedule: DrawSchedule, now: Date): string {
  const zone = schedule.eras[schedule.eras.length - 1].timezone;
  return DateTime.fromJSDate(now, { zone }).toISODate() as string;
}

function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() as string;
}
