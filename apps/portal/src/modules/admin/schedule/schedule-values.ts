import type { DrawSchedule, Lottery, ScheduleEra, Weekday } from '../../../app/api-types';
import { LotteryApiError } from '@lottery-results/sdk';
import { errorMessage } from '../../../app/errors';

export const WEEKDAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** One era as the form holds it; `times` (a weekday drawn at another hour) is kept, not edited here. */
export type EraValues = ScheduleEra;

export interface ScheduleValues {
  /** Text, as typed: checked on save. */
  window: string;
  eras: EraValues[];
}

export type EraField = 'from' | 'timezone' | 'weekdays' | 'time';

/** Where an era's field is in the form's values, and so where its error goes. */
export type EraPath = `eras.${number}.${EraField}`;

/** Errors by place: `window`, `form`, or `eras.<index>.<field>` (see eraKey). */
export type ScheduleErrors = Partial<Record<string, string>>;

export const eraKey = (index: number, field: EraField): EraPath => `eras.${index}.${field}`;

/** A new era: from today (or the lottery's first draw), in the lottery's zone, no day chosen yet. */
export function newEra(lottery: Lottery, previous?: EraValues): EraValues {
  const today = new Date().toISOString().slice(0, 10);
  if (previous) return { ...previous, from: today, times: undefined };
  return { from: lottery.draws.first ?? today, timezone: lottery.timezone, weekdays: [], time: '20:00' };
}

export function valuesOf(lottery: Lottery): ScheduleValues {
  const schedule = lottery.schedule;
  if (!schedule) return { window: '360', eras: [newEra(lottery)] };
  return {
    window: String(schedule.publicationWindowMinutes),
    eras: schedule.eras.map((era) => ({ ...era })),
  };
}

/** What is wrong before sending: only a window that is not a whole number (the API judges everything else). */
export function scheduleValueErrors(values: ScheduleValues): ScheduleErrors {
  return /^\d+$/.test(values.window.trim()) ? {} : { window: 'Enter a whole number of minutes.' };
}

/** The schedule to send; only for values that scheduleValueErrors accepts. */
export function scheduleOf(values: ScheduleValues): DrawSchedule {
  const eras = values.eras.map((era) => {
    // A weekday with its own time must stay a draw day, or the API refuses the whole schedule.
    const times = Object.fromEntries(
      Object.entries(era.times ?? {}).filter(([day]) => era.weekdays.includes(day as Weekday)),
    );
    const kept: ScheduleEra = {
      from: era.from,
      timezone: era.timezone.trim(),
      // In week order, as the API stores them.
      weekdays: WEEKDAYS.filter((day) => era.weekdays.includes(day)),
      time: era.time,
    };
    return Object.keys(times).length > 0 ? { ...kept, times } : kept;
  });
  return { publicationWindowMinutes: Number(values.window.trim()), eras };
}

/**
 * Puts the API's 400 next to what it is about. Its messages name the place: "Invalid 'schedule' value:
 * eras[1]: timezone must be …" or "… publicationWindowMinutes must be …"; anything else is the form's.
 */
export function scheduleErrors(error: unknown): ScheduleErrors {
  const message = errorMessage(error);
  if (error instanceof LotteryApiError && error.status === 400) {
    const era = /eras\[(\d+)\]: (from|timezone|weekdays|times|time)\b/.exec(message);
    if (era) {
      // `times` lists the weekdays drawn at another hour: a problem there is about the days.
      const field = era[2] === 'times' ? 'weekdays' : (era[2] as EraField);
      return { [eraKey(Number(era[1]), field)]: message };
    }
    if (message.includes('publicationWindowMinutes')) return { window: message };
  }
  return { form: message };
}
