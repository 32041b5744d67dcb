import { DateTime } from 'luxon';
import { isValidIsoDate } from '../../../common/dates/iso-date';
import { isKnownTimezone } from './local-date';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** When draws take place from `from` until the next era starts (like the number rules, schedules change). */
export interface ScheduleEra {
  /** First day of the era, 'YYYY-MM-DD' in the era's zone. */
  from: string;
  /** IANA zone of the draw times (and of the draw dates). */
  timezone: string;
  weekdays: Weekday[];
  /** Local draw time, 'HH:MM'. */
  time: string;
  /** Weekdays drawn at another time than `time` (e.g. Lotto 6aus49: Wednesday 18:25, Saturday 19:25). */
  times?: Partial<Record<Weekday, string>>;
}

/** A lottery's draw calendar. */
export interface DrawSchedule {
  /** How long after a draw its result may take to be published before the lottery counts as stale. */
  publicationWindowMinutes: number;
  /** Ascending by `from`. */
  eras: ScheduleEra[];
}

/** At most a week of minutes: a window that long would hide a whole missed draw cycle. */
export const MAX_PUBLICATION_WINDOW_MINUTES = 7 * 24 * 60;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Checks an untrusted value (admin input, bundled data) and returns the schedule with only its known keys, or a
 * problem naming what is wrong.
 */
export function parseDrawSchedule(value: unknown): { schedule: DrawSchedule } | { problem: string } {
  if (!isObject(value)) return { problem: 'expected an object {publicationWindowMinutes, eras}' };
  const window = value['publicationWindowMinutes'];
  if (
    !Number.isInteger(window) ||
    (window as number) < 0 ||
    (window as number) > MAX_PUBLICATION_WINDOW_MINUTES
  ) {
    return {
      problem: `publicationWindowMinutes must be a whole number from 0 to ${MAX_PUBLICATION_WINDOW_MINUTES}`,
    };
  }
  const eras = value['eras'];
  if (!Array.isArray(eras) || eras.length === 0 || eras.length > 50) {
    return { problem: 'eras must be a list of 1 to 50 eras' };
  }
  const parsed: ScheduleEra[] = [];
  for (const [i, era] of eras.entries()) {
    const result = parseEra(era);
    if ('problem' in result) return { problem: `eras[${i}]: ${result.problem}` };
    if (i > 0 && result.era.from <= parsed[i - 1].from) {
      return { problem: `eras[${i}]: from must come after the previous era's` };
    }
    parsed.push(result.era);
  }
  return { schedule: { publicationWindowMinutes: window as number, eras: parsed } };
}

function parseEra(value: unknown): { era: ScheduleEra } | { problem: string } {
  if (!isObject(value)) return { problem: 'expected an object {from, timezone, weekdays, time}' };
  const { from, timezone, weekdays, time, times } = value;
  if (typeof from !== 'string' || !isValidIsoDate(from))
    return { problem: "from must be a date 'YYYY-MM-DD'" };
  if (typeof timezone !== 'string' || !isKnownTimezone(timezone) || !timezone.includes('/')) {
    return { problem: "timezone must be an IANA zone such as 'Europe/Paris'" };
  }
  if (
    !Array.isArray(weekdays) ||
    weekdays.length === 0 ||
    !weekdays.every((d) => WEEKDAYS.includes(d as Weekday)) ||
    new Set(weekdays).size !== weekdays.length
  ) {
    return { problem: `weekdays must be distinct days among ${WEEKDAYS.join(', ')}` };
  }
  if (typeof time !== 'string' || !TIME.test(time)) return { problem: "time must be a local time 'HH:MM'" };
  const era: ScheduleEra = {
    from,
    timezone,
    weekdays: WEEKDAYS.filter((d) => weekdays.includes(d)),
    time,
  };
  if (times !== undefined) {
    if (!isObject(times)) return { problem: 'times must map weekdays to local times' };
    const overrides: Partial<Record<Weekday, string>> = {};
    for (const [day, at] of Object.entries(times)) {
      if (!era.weekdays.includes(day as Weekday))
        return { problem: `times: ${day} is not one of the weekdays` };
      if (typeof at !== 'string' || !TIME.test(at))
        return { problem: `times: ${day} must be a time 'HH:MM'` };
      overrides[day as Weekday] = at;
    }
    era.times = overrides;
  }
  return { era };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One scheduled draw: its date (in the era's zone) and its instant. */
export interface ScheduledDraw {
  date: string;
  at: DateTime;
}

/** The era in force on a date (the last one starting on or before it), if any. */
export function scheduleEraOn(schedule: DrawSchedule, date: string): ScheduleEra | undefined {
  let found: ScheduleEra | undefined;
  for (const era of schedule.eras) if (era.from <= date) found = era;
  return found;
}

/** The draw scheduled on a date, if that date is a draw day of the era in force. */
export function scheduledDrawOn(schedule: DrawSchedule, date: string): ScheduledDraw | undefined {
  const era = scheduleEraOn(schedule, date);
  if (!era) return undefined;
  const day = DateTime.fromISO(date, { zone: era.timezone });
  const weekday = WEEKDAYS[day.weekday - 1];
  if (!era.weekdays.includes(weekday)) return undefined;
  const [hour, minute] = (era.times?.[weekday] ?? era.time).split(':').map(Number);
  return { date, at: day.set({ hour, minute, second: 0, millisecond: 0 }) };
}
