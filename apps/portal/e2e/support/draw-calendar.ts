import type { LotteryRecord } from './api-calls';

/**
 * What the portal should write for a lottery's next draw and freshness, worked out here from the API's answer
 * (not by the portal's code) so that the browser's text can be compared with it.
 */
export function expectedNextDraw(lottery: LotteryRecord, zone: string, place: string): string {
  if (!lottery.nextDraw) throw new Error(`${lottery.tag} has no next draw`);
  const when = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(lottery.nextDraw.at));
  return `${when} (${place})`;
}

/** "Stale — N days behind" for a lottery at least a day behind. */
export function expectedStale(lottery: LotteryRecord): string {
  if (lottery.freshness?.status !== 'stale') throw new Error(`${lottery.tag} is not stale`);
  const days = Math.floor(lottery.freshness.hoursBehind / 24);
  return `Stale — ${days} day${days === 1 ? '' : 's'} behind`;
}
