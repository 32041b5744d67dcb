import { freshnessOf, nextDrawOf } from './draw-freshness';
import { type DrawSchedule, parseDrawSchedule } from './draw-schedule';

const POWERBALL: DrawSchedule = {
  publicationWindowMinutes: 360,
  eras: [
    { from: '1997-11-01', timezone: 'America/New_York', weekdays: ['wednesday', 'saturday'], time: '22:59' },
    {
      from: '2021-08-23',
      timezone: 'America/New_York',
      weekdays: ['monday', 'wednesday', 'saturday'],
      time: '22:59',
    },
  ],
};
const LOTTO_6AUS49: DrawSchedule = {
  publicationWindowMinutes: 360,
  eras: [
    {
      from: '2000-12-06',
      timezone: 'Europe/Berlin',
      weekdays: ['wednesday', 'saturday'],
      time: '19:25',
      times: { wednesday: '18:25' },
    },
  ],
};
const at = (iso: string) => new Date(iso);

describe('nextDrawOf', () => {
  it('gives the next scheduled draw with its local date and offset', () => {
    // Sunday 2026-11-22, noon UTC: the next Powerball draw is Monday 22:59 in New York (EST, -05:00).
    expect(nextDrawOf(POWERBALL, at('2026-11-22T12:00:00Z'))).toEqual({
      date: '2026-11-23',
      at: '2026-11-23T22:59:00-05:00',
    });
  });

  it('follows the era in force: Monday draws only from 2021-08-23', () => {
    expect(nextDrawOf(POWERBALL, at('2021-08-15T12:00:00Z'))?.date).toBe('2021-08-18');
    expect(nextDrawOf(POWERBALL, at('2021-08-22T12:00:00Z'))?.date).toBe('2021-08-23');
  });

  it('switches offsets across daylight saving time', () => {
    // DST starts in the US on 2026-03-08: Saturday's draw is EST, Monday's EDT.
    expect(nextDrawOf(POWERBALL, at('2026-03-07T12:00:00Z'))?.at).toBe('2026-03-07T22:59:00-05:00');
    expect(nextDrawOf(POWERBALL, at('2026-03-08T12:00:00Z'))?.at).toBe('2026-03-09T22:59:00-04:00');
  });

  it('is the same day until the draw has taken place, then the next one', () => {
    expect(nextDrawOf(POWERBALL, at('2026-11-24T03:58:00Z'))?.date).toBe('2026-11-23'); // 22:58 in New York
    expect(nextDrawOf(POWERBALL, at('2026-11-24T04:00:00Z'))?.date).toBe('2026-11-25');
  });

  it('uses a weekday of its own time where one is given', () => {
    expect(nextDrawOf(LOTTO_6AUS49, at('2026-11-24T12:00:00Z'))).toEqual({
      date: '2026-11-25',
      at: '2026-11-25T18:25:00+01:00',
    });
    expect(nextDrawOf(LOTTO_6AUS49, at('2026-11-26T12:00:00Z'))?.at).toBe('2026-11-28T19:25:00+01:00');
  });
});

describe('freshnessOf', () => {
  // Sunday 2026-11-22 12:00 UTC: Saturday's draw (22:59 New York = 03:59 UTC) took place 8 hours ago.
  const now = at('2026-11-22T12:00:00Z');

  it('is current when the latest scheduled draw is stored', () => {
    expect(freshnessOf(POWERBALL, '2026-11-21', now)).toEqual({
      lastDraw: '2026-11-21',
      expectedLastDraw: '2026-11-21',
      status: 'current',
      hoursBehind: 0,
    });
  });

  it('is awaiting while the latest draw is inside its publication window', () => {
    expect(freshnessOf({ ...POWERBALL, publicationWindowMinutes: 720 }, '2026-11-19', now)).toEqual({
      lastDraw: '2026-11-19',
      expectedLastDraw: '2026-11-21',
      status: 'awaiting',
      hoursBehind: 8,
    });
  });

  it('is stale once the window has passed, or when an earlier draw is missing', () => {
    expect(freshnessOf(POWERBALL, '2026-11-19', now)).toMatchObject({ status: 'stale', hoursBehind: 8 });
    // Missing since Wednesday 2026-11-18 22:59 New York = 2026-11-19 03:59 UTC.
    expect(freshnessOf({ ...POWERBALL, publicationWindowMinutes: 720 }, '2026-11-16', now)).toEqual({
      lastDraw: '2026-11-16',
      expectedLastDraw: '2026-11-21',
      status: 'stale',
      hoursBehind: 80,
    });
  });

  it('counts from the schedule when nothing is stored, and is current before the first draw', () => {
    expect(freshnessOf(POWERBALL, null, now)).toMatchObject({
      status: 'stale',
      expectedLastDraw: '2026-11-21',
    });
    const future: DrawSchedule = { ...POWERBALL, eras: [{ ...POWERBALL.eras[0], from: '2030-01-01' }] };
    expect(freshnessOf(future, null, now)).toEqual({
      lastDraw: null,
      expectedLastDraw: null,
      status: 'current',
      hoursBehind: 0,
    });
  });
});

describe('parseDrawSchedule', () => {
  it('accepts a valid schedule and keeps only the known keys, weekdays in week order', () => {
    const parsed = parseDrawSchedule({
      publicationWindowMinutes: 60,
      extra: true,
      eras: [
        {
          from: '2020-01-01',
          timezone: 'Europe/Paris',
          weekdays: ['saturday', 'monday'],
          time: '20:35',
          x: 1,
        },
      ],
    });
    expect(parsed).toEqual({
      schedule: {
        publicationWindowMinutes: 60,
        eras: [
          { from: '2020-01-01', timezone: 'Europe/Paris', weekdays: ['monday', 'saturday'], time: '20:35' },
        ],
      },
    });
  });

  const era = { from: '2020-01-01', timezone: 'Europe/Paris', weekdays: ['monday'], time: '20:35' };
  it.each([
    [null, 'expected an object'],
    [{ publicationWindowMinutes: -1, eras: [era] }, 'publicationWindowMinutes'],
    [{ publicationWindowMinutes: 60, eras: [] }, 'eras must be a list'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, from: '2020-02-30' }] }, 'eras[0]: from'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, timezone: 'Mars/Base' }] }, 'eras[0]: timezone'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, weekdays: ['funday'] }] }, 'eras[0]: weekdays'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, weekdays: ['monday', 'monday'] }] }, 'weekdays'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, time: '24:00' }] }, 'eras[0]: time'],
    [{ publicationWindowMinutes: 60, eras: [{ ...era, times: { friday: '10:00' } }] }, 'times: friday'],
    [{ publicationWindowMinutes: 60, eras: [era, era] }, 'eras[1]: from must come after'],
  ])('refuses %j, naming the problem', (value, problem) => {
    const parsed = parseDrawSchedule(value);
    expect('problem' in parsed && parsed.problem).toContain(problem);
  });
});
