import type { LotteryRecord } from './lottery-record';
import type { DrawSchedule } from './draw-schedule';
import { freshnessHeaderOf } from './freshness-header';

const POWERBALL: DrawSchedule = {
  publicationWindowMinutes: 360,
  eras: [
    {
      from: '2021-08-23',
      timezone: 'America/New_York',
      weekdays: ['monday', 'wednesday', 'saturday'],
      time: '22:59',
    },
  ],
};
const record = (lastDraw: string | null, schedule: DrawSchedule | null, retiredOn: string | null = null) =>
  ({ lastDraw, schedule, retiredOn }) as LotteryRecord;

describe('freshnessHeaderOf', () => {
  // Sunday 2026-11-22, noon UTC: the latest Powerball draw that has taken place is Saturday 2026-11-21.
  const now = new Date('2026-11-22T12:00:00Z');

  it('says current when the latest draw that took place is stored', () => {
    expect(freshnessHeaderOf(record('2026-11-21', POWERBALL), now, 'ok')).toBe(
      'status=current, last-draw="2026-11-21", expected-draw="2026-11-21", hours-behind=0, source=ok',
    );
  });

  it('says stale, with the hours since the oldest missing draw, when a draw is missing past its window', () => {
    // Monday's draw stored; missing since Wednesday 2026-11-18 22:59 New York (03:59 UTC on the 19th): 80 hours.
    expect(freshnessHeaderOf(record('2026-11-16', POWERBALL), now, 'failing')).toBe(
      'status=stale, last-draw="2026-11-16", expected-draw="2026-11-21", hours-behind=80, source=failing',
    );
  });

  it('says awaiting while only the latest draw is missing within its publication window', () => {
    const justAfter = new Date('2026-11-22T05:00:00Z'); // Saturday 22:59 New York was 03:59 UTC
    expect(freshnessHeaderOf(record('2026-11-18', POWERBALL), justAfter, 'ok')).toBe(
      'status=awaiting, last-draw="2026-11-18", expected-draw="2026-11-21", hours-behind=1, source=ok',
    );
  });

  it('leaves out what is unknown: no schedule, no draw stored yet', () => {
    expect(freshnessHeaderOf(record('2024-01-02', null), now, 'none')).toBe(
      'status=unscheduled, last-draw="2024-01-02", source=none',
    );
    expect(freshnessHeaderOf(record(null, null), now, 'none')).toBe('status=unscheduled, source=none');
    expect(freshnessHeaderOf(record(null, POWERBALL), now, 'none')).toMatch(
      /^status=stale, expected-draw="2026-11-21", hours-behind=\d+(\.\d)?, source=none$/,
    );
  });

  it("names the source's state last, as an RFC 8941 token: ok, failing or none", () => {
    for (const source of ['ok', 'failing', 'none'] as const) {
      const header = freshnessHeaderOf(record('2026-11-21', POWERBALL), now, source);
      // A token starts with a letter or '*' and holds no quote: a client's structured-field parser reads it bare.
      expect(header.split(', ').at(-1)).toBe(`source=${source}`);
      expect(header).toMatch(
        /^([a-z-]+=("[^"]*"|[A-Za-z*][\w:/.*-]*|\d+(\.\d+)?))(, [a-z-]+=("[^"]*"|[A-Za-z*][\w:/.*-]*|\d+(\.\d+)?))*$/,
      );
    }
  });

  it('says current for a game that has ended, whatever its schedule expects, with the date it ended', () => {
    expect(freshnessHeaderOf(record('2026-02-21', POWERBALL, '2026-02-21'), now, 'none')).toBe(
      'status=current, last-draw="2026-02-21", expected-draw="2026-02-21", hours-behind=0, retired="2026-02-21", source=none',
    );
  });
});
