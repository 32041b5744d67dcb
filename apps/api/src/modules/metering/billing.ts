/**
 * What stays billed once a charged request is answered (contract section 5, step 7): the one rule both settle
 * paths read (MeteringService.settle after the answer, QuotaService.settle for the units).
 *
 * | answer                     | the request's units (its route's cost)          | usage reports        |
 * | -------------------------- | ----------------------------------------------- | -------------------- |
 * | 2xx, 3xx                   | billed                                          | counted              |
 * | 4xx (the client's error)   | billed: bad input, an unknown lottery or draw   | counted, as errors   |
 * | 5xx (our failure)          | refunded: the counter and the ledger give back  | taken back           |
 *
 * A request refused before step 7 (token, license, quota, rate limit) was never charged: nothing to settle.
 */
export type Settlement = 'billed' | 'billed-as-error' | 'refunded';

/**
 * What one request of a metered route costs of its account's monthly quota unless the route declares otherwise
 * (`@Auth('apiToken', { cost })`): one unit, on every route today. Each metered operation of the OpenAPI document
 * publishes its cost as `x-quota-cost`.
 */
export const DEFAULT_QUOTA_COST = 1;

export function settlementOf(status: number): Settlement {
  if (status < 400) return 'billed';
  return status < 500 ? 'billed-as-error' : 'refunded';
}

/** Whether an answer changes anything of what its charge recorded (the common 2xx needs no settling at all). */
export function needsSettling(status: number): boolean {
  return settlementOf(status) !== 'billed';
}
