/**
 * The delay before polling again after attempt number `step` (0-based) did not bring the expected draw: doubling
 * from `minMs` up to `maxMs`, with ±20% jitter so that many sources (or instances after an outage) spread out.
 */
export function retryDelayMs(
  step: number,
  minMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(step, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}
