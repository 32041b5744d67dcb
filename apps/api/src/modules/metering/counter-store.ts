import { randomBytes } from 'node:crypto';

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
  /**
   * The units the request counts, 1 when absent: a POST to the MCP endpoint counts each JSON-RPC message it holds,
   * in the same store call (a request of `cost` units is counted whole or not at all).
   */
  cost?: number;
}

/**
 * A month's quota counter in the store. Its `incarnation` names the seeding it started from: a counter seeded
 * again (Redis lost its data, or the counter was replaced after an outage) is a new incarnation, so that units
 * counted in an older one can be told apart when they are written to PostgreSQL (see reconcileQuota).
 */
export interface QuotaCount {
  used: number;
  incarnation: string;
}

/** What PostgreSQL's month row (the ledger: usage_monthly) held when a counter was seeded from it. */
export interface LedgerSnapshot {
  used: number;
  /** The row's version: raised by every write to it, so a snapshot can be ordered against each write. */
  version: number;
}

/**
 * What an atomic quota increment found: the counter after it; 'limit-reached'; 'unseeded' when the store has no
 * counter yet (it is seeded from PostgreSQL); 'unavailable' when the shared store does not answer (the ledger in
 * PostgreSQL decides instead).
 */
export type IncrementResult = QuotaCount | 'limit-reached' | 'unseeded' | 'unavailable';

/** A quota counter to increment (incrementIfBelow) once a request has passed its rate limits. */
export interface IncrementRule {
  key: string;
  /** null = no limit. */
  limit: number | null;
  /** The units the request costs (its route's declared cost): counted whole, or not at all. */
  amount: number;
}

/** rateLimitHitsThenIncrement's outcome: `increment` is absent when a rate limit refused the request. */
export interface HitsThenIncrement {
  hits: RateLimitHit[];
  increment?: IncrementResult;
}

/**
 * Units counted in a store counter and since written to PostgreSQL, for the counter to take in when it was
 * seeded from a snapshot that did not hold them: `delta` units counted in `incarnation`, written by the ledger
 * write that raised the row to `version`.
 */
export interface QuotaReconciliation {
  key: string;
  incarnation: string;
  version: number;
  delta: number;
  ttlSeconds: number;
}

/** The shared store does not answer: quota decisions go to PostgreSQL until it does. */
export class CountersUnavailableError extends Error {
  constructor(cause?: string) {
    super(`Shared counters unavailable${cause ? `: ${cause}` : ''}`);
  }
}

/**
 * Where request counters live: in-process for one instance, Redis for several (REDIS_URL).
 * Every operation is atomic, which is what makes the monthly quota exact and the rate windows shared.
 *
 * Quota counters follow PostgreSQL's month rows (the ledger). The invariant that keeps them exact, whatever Redis
 * loses: a counter = the ledger's `used` at the snapshot it was seeded from + the units counted in it + the units
 * counted elsewhere that were written to the ledger after that snapshot (reconcileQuota adds those). The quota
 * operations throw CountersUnavailableError (incrementIfBelow answers 'unavailable') when the store does not
 * answer; rate limits are always answered (per instance while a shared store is away).
 */
export interface CounterStore {
  /** The month counter, or null when the store has none (then it is seeded from PostgreSQL). */
  quota(key: string): Promise<QuotaCount | null>;
  /**
   * Seeds a quota counter from a ledger snapshot: 'if-absent' keeps a counter that exists; 'replace' replaces one
   * seeded from an older snapshot (after an outage). 'stale' when a ledger write newer than the snapshot has been
   * reconciled already: read the ledger again. Answers the counter as it now is.
   */
  seedQuota(
    key: string,
    snapshot: LedgerSnapshot,
    ttlSeconds: number,
    mode: 'if-absent' | 'replace',
  ): Promise<QuotaCount | 'stale'>;
  /** Adds `amount` when the counter exists and the result stays within `limit` (null = no limit). */
  incrementIfBelow(key: string, limit: number | null, amount: number): Promise<IncrementResult>;
  /** Takes `amount` back (a refund): the incarnation it was taken from, or null when there is no counter. */
  decrement(key: string, amount: number): Promise<string | null>;
  /**
   * After a ledger write: each counter notes the newest write it has seen (so that no older snapshot can seed it
   * again) and takes in the units of another incarnation that its own snapshot did not hold.
   */
  reconcileQuota(entries: QuotaReconciliation[]): Promise<void>;
  /**
   * Counts one request against several limits ("at most `limit` per `windowMs`" each, GCRA) in one atomic step:
   * the request (its `cost` units) is counted in all of them, or, when any would refuse it, in none.
   */
  rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]>;
  /**
   * rateLimitHits, then, only when every limit let the request through, incrementIfBelow — in one atomic step,
   * so that a metered read costs one round trip to Redis rather than two (steps 6 and 7 of the contract's order).
   */
  rateLimitHitsThenIncrement(limits: RateLimitRule[], increment: IncrementRule): Promise<HitsThenIncrement>;
  /** Present on stores whose shared counters can go away (Redis); in-process counters never do. */
  readonly availability?: CounterAvailability;
  /** Releases what the store holds of its own (connections), once nothing is counted any more. */
  close?(): Promise<void>;
}

/** A shared store's comings and goings. */
export interface CounterAvailability {
  /** True while the shared counters do not answer this instance. */
  readonly away: boolean;
  /**
   * Registers the one watcher: `away` is told when the counters go away, `back` when they have answered again
   * for a grace period.
   */
  watch(watcher: CounterWatcher): void;
  /**
   * The gate of the quota operations (QuotaAuthority decides): while closed, they answer as when the store is
   * away, and the ledger decides; rate limits stay shared whenever the store answers.
   */
  useForQuotas(open: boolean): void;
  /** Resolves once the quota operations sent to the shared store have all been answered. */
  quotaOperationsSettled(): Promise<void>;
  /** Which run of the shared store answers (Redis's run_id: a restart, even from a snapshot, changes it). */
  runId(): Promise<string>;
}

export interface CounterWatcher {
  away(): void;
  back(): void;
}

export const COUNTER_STORE = Symbol('COUNTER_STORE');

/** A fresh incarnation name for a counter seeded from the ledger at `version` (unique: 48 random bits). */
export function newIncarnation(version: number): string {
  return `${version}.${randomBytes(6).toString('base64url')}`;
}

/**
 * "At most `limit` requests per `windowMs`" as the generic cell rate algorithm (GCRA), shared by both stores (the
 * Redis store runs the same arithmetic in Lua). The state is one number per key, the theoretical arrival time
 * (`tat`): each request moves it one interval (`windowMs / limit`) later, and a request is refused when that would
 * put it more than a window ahead of now. A burst of `limit` passes at once, then requests pass at the limit's
 * pace; there are no window boundaries, so a burst that straddles one gets no more than the limit.
 *
 * A request of `cost` units moves it `cost` intervals: it counts as that many requests arriving at once (a cost
 * above the limit never fits).
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
  cost = 1,
): { hit: RateLimitHit; tatUs: number } {
  const windowUs = windowMs * 1000;
  const intervalUs = Math.max(1, Math.floor(windowUs / limit));
  const tatUs = Math.max(storedTatUs ?? nowUs, nowUs);
  const nextUs = tatUs + intervalUs * cost;
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
