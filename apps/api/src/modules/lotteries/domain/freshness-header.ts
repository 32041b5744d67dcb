import type { LotteryRecord } from './lottery-record';
import { freshnessOf } from './draw-freshness';

/** The response header that tells a client how current a lottery's draws are, on every draw answer. */
export const FRESHNESS_HEADER = 'X-Lottery-Freshness';

export const FRESHNESS_HEADER_DESCRIPTION =
  "How current this lottery's stored draws are, as a structured-field dictionary (RFC 8941): `status` " +
  '(`current`: every draw that has taken place is stored; `awaiting`: only the latest is missing, within its ' +
  'publication window; `stale`: a draw is missing past its window; `unscheduled`: the lottery follows no schedule), ' +
  '`last-draw` (the newest stored draw), `expected-draw` (the latest scheduled draw that has taken place) and ' +
  '`hours-behind` (since the oldest missing draw). Example: ' +
  '`status=stale, last-draw="2024-11-20", expected-draw="2026-11-21", hours-behind=17520.5`.';

/**
 * The header's value for `record` at `now`: the lottery's freshness (the same figures as its `freshness` field) in
 * one line that a client can read without fetching the lottery. Keys without a value (no draw stored yet, no
 * schedule) are left out.
 */
export function freshnessHeaderOf(record: LotteryRecord, now: Date): string {
  const parts: string[] = [];
  if (!record.schedule) {
    parts.push('status=unscheduled');
    if (record.lastDraw) parts.push(`last-draw="${record.lastDraw}"`);
    return parts.join(', ');
  }
  const freshness = freshnessOf(record.schedule, record.lastDraw, now);
  parts.push(`status=${freshness.status}`);
  if (freshness.lastDraw) parts.push(`last-draw="${freshness.lastDraw}"`);
  if (freshness.expectedLastDraw) parts.push(`expected-draw="${freshness.expectedLastDraw}"`);
  parts.push(`hours-behind=${freshness.hoursBehind}`);
  return parts.join(', ');
}
