import type { LotteryRecord } from './lottery-record';
import { lotteryFreshness } from './lottery-view';

/** The response header that tells a client how current a lottery's draws are, on every draw answer. */
export const FRESHNESS_HEADER = 'X-Lottery-Freshness';

/**
 * Whether the lottery's draws are being fetched from its operator's publication: `ok` (its enabled source
 * answered its last attempt, or has not been asked yet), `failing` (the last attempt failed, every fallback too),
 * `none` (no enabled source: draws come from imports and administrators only).
 */
export type SourceStatus = 'ok' | 'failing' | 'none';

export const FRESHNESS_HEADER_DESCRIPTION =
  "How current this lottery's stored draws are, as a structured-field dictionary (RFC 8941): `status` " +
  '(`current`: every draw that has taken place is stored; `awaiting`: only the latest is missing, within its ' +
  'publication window; `stale`: a draw is missing past its window; `unscheduled`: the lottery follows no schedule), ' +
  '`last-draw` (the newest stored draw), `expected-draw` (the latest scheduled draw that has taken place), ' +
  '`retired` (the date the game ended: its history is complete, so its status is `current`), ' +
  "`hours-behind` (since the oldest missing draw) and `source` (`ok`: the lottery's source answered its last " +
  'attempt; `failing`: it did not, so the draws may stay behind; `none`: no source, draws are added by hand). ' +
  'Example: `status=stale, last-draw="2024-11-20", expected-draw="2026-11-21", hours-behind=17520.5, source=failing`.';

/** The header in an answer's OpenAPI description (`headers` of ApiOkResponse and ApiPage). */
export const FRESHNESS_RESPONSE_HEADERS = {
  [FRESHNESS_HEADER]: { description: FRESHNESS_HEADER_DESCRIPTION, schema: { type: 'string' } },
};

/**
 * The header's value for `record` at `now`: the lottery's freshness (the same figures as its `freshness` field) and
 * its source's state, in one line that a client can read without fetching the lottery. Keys without a value (no
 * draw stored yet, no schedule) are left out.
 */
export function freshnessHeaderOf(record: LotteryRecord, now: Date, source: SourceStatus): string {
  const parts: string[] = [];
  const freshness = lotteryFreshness(record, now);
  if (!freshness) {
    parts.push('status=unscheduled');
    if (record.lastDraw) parts.push(`last-draw="${record.lastDraw}"`);
  } else {
    parts.push(`status=${freshness.status}`);
    if (freshness.lastDraw) parts.push(`last-draw="${freshness.lastDraw}"`);
    if (freshness.expectedLastDraw) parts.push(`expected-draw="${freshness.expectedLastDraw}"`);
    parts.push(`hours-behind=${freshness.hoursBehind}`);
  }
  if (record.retiredOn !== null) parts.push(`retired="${record.retiredOn}"`);
  parts.push(`source=${source}`);
  return parts.join(', ');
}
