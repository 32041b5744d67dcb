import type { Freshness, Lottery } from './api-types';

/** "America/New_York" → "New York", "Etc/UTC" → "UTC": the zone as people name it. */
export function zoneName(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/**
 * The next draw in the lottery's own zone, 24-hour, as the operators publish it: "Mon 23 Nov, 22:59 (New York)".
 * A fixed format (not the visitor's locale) so that the draw time reads the same to everyone; empty when the
 * lottery has no calendar.
 */
export function formatNextDraw(lottery: Lottery): string {
  const { nextDraw, schedule } = lottery;
  if (!nextDraw) return '';
  // The zone of the era in force on that day (a calendar may move zones), else the lottery's.
  const era = schedule?.eras.filter((e) => e.from <= nextDraw.date).pop();
  const zone = era?.timezone ?? lottery.timezone;
  const when = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(nextDraw.at));
  return `${when} (${zoneName(zone)})`;
}

/** The freshness in words, so that the badge's colour is never the only clue. */
export function freshnessLabel(freshness: Freshness): string {
  if (freshness.status === 'current') return 'Current';
  if (freshness.status === 'awaiting') return 'Awaiting results';
  return `Stale — ${behind(freshness.hoursBehind)} behind`;
}

function behind(hours: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return hours < 24 ? plural(Math.max(1, Math.round(hours)), 'hour') : plural(Math.floor(hours / 24), 'day');
}
