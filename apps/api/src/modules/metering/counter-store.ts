/** The outcome of one request against a rate limit. */
export interface RateLimitHit {
  /** False when this request would have passed the limit; a refused request is not counted. */
  allowed: boolean;
  /** Requests that may still be made at once after this one (0 when refused). */
  remaining: number;
  /** Milliseconds until the limit is whole again (every recent request has drained). */
  resetMs: number;
  /** When refused: milliseconds until one more request fits (0 when allowed). */
  retryAfterMs: number;
}

/** One rate limit to count a request against. */
export interface RateLimitRule {
  key: string;
  windowMs: number;
  limit: number;
}

/** What an atomic quota increment found. */
export type IncrementResult = number | 'limit-reached' | 'unseeded';

/** A quota counter to increment (incrementIfBelow) once a request has passed its rate limits. */
export interface IncrementRule {
  key: string;
  /** null = no limit. */
  limit: number | null;
}

/** rateLimitHitsThenIncrement's outcome: `increment` is absent when a rate limit refused the request. */
export interface HitsThenIncrement {
  hits: RateLimitHit[];
  increment?: IncrementResult;
}

/**
 * Where request counters live: in-process for one instance, Redis for several (REDIS_URL).
 * Every operation is atomic, which is what makes the monthly quota exact and the rate windows shared.
 */
export interface CounterStore {
  /** The counter's value, or null when the store has not seen the key (then it is seeded from PostgreSQL). */
  get(key: string): Promise<number | null>;
  /** Sets the counter unless it already exists. */
  seed(key: string, value: number, ttlSeconds: number): Promise<void>;
  /**
   * Adds 1 when the counter exists and the result stays within `limit` (null = no limit): the new value;
   * 'limit-reached' when it would pass the limit; 'unseeded' when the counter does not exist yet.
   */
  incrementIfBelow(key: string, limit: number | null): Promise<IncrementResult>;
  /** Takes 1 back (a refund), never below 0; nothing when the counter does not exist. */
  decrement(key: string): Promise<void>;
  /**
   * Counts one request against several limits ("at most `limit` per `windowMs`" each, GCRA) in one atomic step:
   * the request is counted in all of them, or, when any would refuse it, in none.
   */
  rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]>;
  /**
   * rateLimitHits, then, only when every limit let the request through, incrementIfBelow — in one atomic step,
   * so that a metered read costs one round trip to Redis rather than two (steps 6 and 7 of the contract's order).
   */
  rateLimitHitsThenIncrement(limits: RateLimitRule[], increment: IncrementRule): Promise<HitsThenIncrement>;
}

export const COUNTER_STORE = Symbol('COUNTER_STORE');

/**
 * "At most `limit` requests per `windowMs`" as the generic cell rate algorithm (GCRA), shared by both stores (the
 * Redis store runs the same arithmetic in Lua). The state is one number per key, the theoretical arrival time
 * (`tat`): each request moves it one interval (`windowMs / limit`) later, and a request is refused when that would
 * put it more than a window ahead of now. A burst of `limit` passes at once, then requests pass at the limit's
 * pace; there are no window boundaries, so a burst that straddles one gets no more than the limit.
 *
 * Times are whole microseconds (exact in a double until the year 2255) and the interval is rounded down to one,
 * so no rounding drift builds up over a long burst. Returns the decision and the `tat` to store (unchanged when
 * refused).
 */
export function gcraDecision(
  storedTatUs: number | null,
  nowUs: number,
  windowMs: number,
  limit: number,
): { hit: RateLimitHit; tatUs: number } {
  const windowUs = windowMs * 1000;
  const intervalUs = Math.max(1, Math.floor(windowUs / limit));
  const tatUs = Math.max(storedTatUs ?? nowUs, nowUs);
  const nextUs = tatUs + intervalUs;
  const toMs = (us: number) => Math.ceil(us / 1000);
  if (nextUs - nowUs > windowUs) {
    const hit = {
      allowed: false,
      remaining: 0,
      resetMs: toMs(tatUs - nowUs),
      retryAfterMs: toMs(nextUs - nowUs - windowUs),
    };
    return { hit, tatUs };
  }
  const remaining = Math.floor((windowUs - (nextUs - nowUs)) / intervalUs);
  return { hit: { allowed: true, remaining, resetMs: toMs(nextUs - nowUs), retryAfterMs: 0 }, tatUs: nextUs };
}
