import type { Lottery } from '../../../app/api-types';
import { describe, expect, it } from 'vitest';
import { apiError } from '../api-error.test-helper';
import { eraKey, newEra, scheduleErrors, scheduleOf, scheduleValueErrors, valuesOf } from './schedule-values';

const lottery = {
  tag: 'fr_lotto',
  name: 'Loto',
  timezone: 'Europe/Paris',
  draws: { first: '2019-11-04' },
  schedule: null,
} as unknown as Lottery;

describe('schedule values', () => {
  it('start a lottery without a schedule from one era in its zone, from its first draw', () => {
    expect(valuesOf(lottery)).toEqual({
      window: '360',
      eras: [{ from: '2019-11-04', timezone: 'Europe/Paris', weekdays: [], time: '20:00' }],
    });
  });

  it('copy the previous era into a new one, from today, without its own times', () => {
    const previous = {
      from: '2019-11-04',
      timezone: 'Europe/Paris',
      weekdays: ['monday' as const],
      time: '20:35',
      times: { monday: '21:00' },
    };
    expect(newEra(lottery, previous)).toEqual({
      ...previous,
      from: new Date().toISOString().slice(0, 10),
      times: undefined,
    });
  });

  it('refuse a window that is not a whole number of minutes', () => {
    const values = valuesOf(lottery);
    expect(scheduleValueErrors(values)).toEqual({});
    for (const window of ['', '6h', '-1', '2.5'])
      expect(scheduleValueErrors({ ...values, window })).toEqual({
        window: 'Enter a whole number of minutes.',
      });
  });

  it('send the days in week order, and only the own times of days still drawn', () => {
    const schedule = scheduleOf({
      window: ' 120 ',
      eras: [
        {
          from: '2024-01-01',
          timezone: ' Etc/UTC ',
          weekdays: ['saturday', 'monday'],
          time: '21:30',
          times: { saturday: '20:00', wednesday: '19:00' },
        },
        {
          from: '2025-01-01',
          timezone: 'Etc/UTC',
          weekdays: ['friday'],
          time: '21:30',
          times: { monday: '1:00' },
        },
      ],
    });
    expect(schedule).toEqual({
      publicationWindowMinutes: 120,
      eras: [
        {
          from: '2024-01-01',
          timezone: 'Etc/UTC',
          weekdays: ['monday', 'saturday'],
          time: '21:30',
          times: { saturday: '20:00' },
        },
        { from: '2025-01-01', timezone: 'Etc/UTC', weekdays: ['friday'], time: '21:30' },
      ],
    });
  });
});

describe('scheduleErrors', () => {
  it("puts the API's 400 at the era field or the window it names", () => {
    const zone = "Invalid 'schedule' value: eras[1]: timezone must be an IANA zone such as 'Europe/Paris'";
    expect(scheduleErrors(apiError(400, zone))).toEqual({ [eraKey(1, 'timezone')]: zone });
    expect(eraKey(1, 'timezone')).toBe('eras.1.timezone');
    const times = "Invalid 'schedule' value: eras[0]: times lists a day that is not drawn";
    expect(scheduleErrors(apiError(400, times))).toEqual({ 'eras.0.weekdays': times });
    const window =
      "Invalid 'schedule' value: publicationWindowMinutes must be a whole number from 0 to 10080";
    expect(scheduleErrors(apiError(400, window))).toEqual({ window });
  });

  it('keeps anything else above the form', () => {
    expect(scheduleErrors(apiError(404, 'Lottery not found.'))).toEqual({ form: 'Lottery not found.' });
  });
});
