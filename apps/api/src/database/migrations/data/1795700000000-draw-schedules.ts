/**
 * Frozen copy of the bundled lotteries' draw calendars for migration 1795700000000 (draw schedules). Never edit: a
 * migration must do the same thing forever.
 *
 * Frozen from commit efdfcaf (2026-11-22 18:25 UTC, issue 11), the commit that shipped the migration: each entry is
 * `schedule` of apps/api/data/draws/lotteries.json as the runtime loader of that commit returned it
 * (loadBundledLotteries -> parseDrawSchedule, which keeps only the known keys and sorts the weekdays; for this data
 * the result is the JSON as written). The migration read `tag` and `schedule` of every lottery and nothing else.
 * The only later change to lotteries.json (962236b, 2026-11-25, issue 22: special pools and prize structures) and
 * to bundled-lotteries.ts (the same commit: `pool`, `counted`, `prizes` in the rules) leave every schedule as it is
 * here, so today's data gives the same rows; the copy keeps the migration from following future edits.
 */
export type FrozenWeekday =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface FrozenScheduleEra {
  from: string;
  timezone: string;
  weekdays: FrozenWeekday[];
  time: string;
  times?: Partial<Record<FrozenWeekday, string>>;
}

export interface FrozenDrawSchedule {
  publicationWindowMinutes: number;
  eras: FrozenScheduleEra[];
}

export const DRAW_SCHEDULES_1795700000000: { tag: string; schedule: FrozenDrawSchedule }[] = [
  {
    tag: 'us_powerball',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '1997-11-01',
          timezone: 'America/New_York',
          weekdays: ['wednesday', 'saturday'],
          time: '22:59',
        },
        {
          from: '2021-08-23',
          timezone: 'America/New_York',
          weekdays: ['monday', 'wednesday', 'saturday'],
          time: '22:59',
        },
      ],
    },
  },
  {
    tag: 'us_megamillions',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2010-02-02',
          timezone: 'America/New_York',
          weekdays: ['tuesday', 'friday'],
          time: '23:00',
        },
      ],
    },
  },
  {
    tag: 'eu_euromillions',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2004-02-13',
          timezone: 'Europe/Paris',
          weekdays: ['friday'],
          time: '21:00',
        },
        {
          from: '2011-05-10',
          timezone: 'Europe/Paris',
          weekdays: ['tuesday', 'friday'],
          time: '21:00',
        },
      ],
    },
  },
  {
    tag: 'uk_lotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '1994-11-19',
          timezone: 'Europe/London',
          weekdays: ['saturday'],
          time: '20:00',
        },
        {
          from: '1997-02-05',
          timezone: 'Europe/London',
          weekdays: ['wednesday', 'saturday'],
          time: '20:00',
        },
      ],
    },
  },
  {
    tag: 'fr_lotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2008-10-06',
          timezone: 'Europe/Paris',
          weekdays: ['monday', 'wednesday', 'saturday'],
          time: '20:35',
        },
      ],
    },
  },
  {
    tag: 'de_lotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '1955-10-09',
          timezone: 'Europe/Berlin',
          weekdays: ['sunday'],
          time: '19:25',
        },
        {
          from: '1965-09-04',
          timezone: 'Europe/Berlin',
          weekdays: ['saturday'],
          time: '19:25',
        },
        {
          from: '2000-12-06',
          timezone: 'Europe/Berlin',
          weekdays: ['wednesday', 'saturday'],
          time: '19:25',
          times: {
            wednesday: '18:25',
          },
        },
      ],
    },
  },
  {
    tag: 'eu_eurojackpot',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2012-03-23',
          timezone: 'Europe/Helsinki',
          weekdays: ['friday'],
          time: '21:00',
        },
        {
          from: '2022-03-29',
          timezone: 'Europe/Helsinki',
          weekdays: ['tuesday', 'friday'],
          time: '21:00',
        },
      ],
    },
  },
  {
    tag: 'ca_lotto649',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '1982-06-12',
          timezone: 'America/Toronto',
          weekdays: ['saturday'],
          time: '22:30',
        },
        {
          from: '1985-09-11',
          timezone: 'America/Toronto',
          weekdays: ['wednesday', 'saturday'],
          time: '22:30',
        },
      ],
    },
  },
  {
    tag: 'ca_lottomax',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2009-09-25',
          timezone: 'America/Toronto',
          weekdays: ['friday'],
          time: '22:30',
        },
        {
          from: '2019-05-14',
          timezone: 'America/Toronto',
          weekdays: ['tuesday', 'friday'],
          time: '22:30',
        },
      ],
    },
  },
  {
    tag: 'it_superenalotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2009-01-01',
          timezone: 'Europe/Rome',
          weekdays: ['tuesday', 'thursday', 'saturday'],
          time: '20:00',
        },
        {
          from: '2023-07-07',
          timezone: 'Europe/Rome',
          weekdays: ['tuesday', 'thursday', 'friday', 'saturday'],
          time: '20:00',
        },
      ],
    },
  },
  {
    tag: 'au_ozlotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2005-10-18',
          timezone: 'Australia/Melbourne',
          weekdays: ['tuesday'],
          time: '20:30',
        },
      ],
    },
  },
  {
    tag: 'au_powerball',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2018-04-19',
          timezone: 'Australia/Melbourne',
          weekdays: ['thursday'],
          time: '20:30',
        },
      ],
    },
  },
  {
    tag: 'au_saturday_lotto',
    schedule: {
      publicationWindowMinutes: 360,
      eras: [
        {
          from: '2010-05-22',
          timezone: 'Australia/Melbourne',
          weekdays: ['saturday'],
          time: '20:30',
        },
      ],
    },
  },
];
