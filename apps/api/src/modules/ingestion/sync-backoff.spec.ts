import { loadSettings } from '../../config/settings';
import { retryDelayMs } from './sync-backoff';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The attempts the scheduler makes on a source that never brings the missing draw, over `days`, per day. */
function attemptsPerDay(days: number, random: () => number): number[] {
  const { retryMinMs, retryMaxMs } = loadSettings({}).sync;
  const perDay = new Array<number>(days).fill(0);
  for (let at = 0, step = 0; at < days * DAY; step++) {
    perDay[Math.floor(at / DAY)] += 1;
    at += retryDelayMs(step, retryMinMs, retryMaxMs, random);
  }
  return perDay;
}

describe('the back-off with the default settings (SYNC_RETRY_MIN_MS 5 min, SYNC_RETRY_MAX_MS 6 h)', () => {
  it('asks a source that stays down, or a lottery years behind, a few times a day, never at every check', () => {
    // Shortest delays (jitter −20%): the most attempts possible.
    const most = attemptsPerDay(7, () => 0);
    expect(most[0]).toBeLessThanOrEqual(12); // 5, 10, 20 … 320 min, then 4.8 h apart
    for (const day of most.slice(1)) expect(day).toBeLessThanOrEqual(5);
    // Longest delays (jitter +20%): still a few a day, so a source that comes back is seen within hours.
    for (const day of attemptsPerDay(7, () => 1).slice(1)) expect(day).toBeGreaterThanOrEqual(3);
    // A check a minute would have been 1,440 a day.
  });
});
