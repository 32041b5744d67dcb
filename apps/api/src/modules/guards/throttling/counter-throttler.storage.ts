import type { ThrottlerStorage } from '@nestjs/throttler';
import type {
  CounterStore,
  IncrementResult,
  IncrementRule,
  RateLimitHit,
} from '../../metering/counter-store';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One throttler's hit, as ThrottlerStorage.increment takes it. */
export interface ThrottlerHit {
  key: string;
  /** The window in milliseconds. */
  ttl: number;
  limit: number;
}

/**
 * @nestjs/throttler's storage over our counter store (in-process, or Redis when REDIS_URL is set): an atomic,
 * O(1) GCRA step per throttler (see gcraDecision). The package's default storage keeps a timestamp per hit and
 * filters them on every increment (≈ 4 ms a hit at 72,000 hits an hour), and is per-instance only.
 *
 * Besides the interface's one-throttler `increment`, `incrementAll` counts a request against all of a guard's
 * throttlers in one atomic step (one Redis round trip, not one per window): counted in every window, or, when any
 * refuses it, in none. A refused hit is not counted; `blockDuration` is not used: a refused client may retry as
 * soon as one more request fits, which is what Retry-After says.
 */
export class CounterThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: CounterStore) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const {
      records: [record],
    } = await this.incrementAll([{ key, ttl, limit }]);
    return record;
  }

  /**
   * Counts the hits; when `then` is given and every throttler lets the request through, increments that counter
   * too, in the same atomic step (the quota's unit: see RequestMeter.pendingCharge).
   */
  async incrementAll(
    hits: ThrottlerHit[],
    then?: IncrementRule,
  ): Promise<{ records: ThrottlerStorageRecord[]; increment?: IncrementResult }> {
    const limits = hits.map(({ key, ttl, limit }) => ({ key, windowMs: ttl, limit }));
    const { hits: results, increment } = then
      ? await this.store.rateLimitHitsThenIncrement(limits, then)
      : { hits: await this.store.rateLimitHits(limits), increment: undefined };
    return { records: results.map((result, i) => toRecord(result, hits[i].limit)), increment };
  }
}

function toRecord(hit: RateLimitHit, limit: number): ThrottlerStorageRecord {
  return {
    totalHits: limit - hit.remaining,
    timeToExpire: Math.max(1, Math.ceil(hit.resetMs / 1000)),
    isBlocked: !hit.allowed,
    timeToBlockExpire: hit.allowed ? 0 : Math.max(1, Math.ceil(hit.retryAfterMs / 1000)),
  };
}
