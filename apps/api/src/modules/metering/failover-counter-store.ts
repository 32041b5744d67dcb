import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import {
  type CounterAvailability,
  type CounterStore,
  CountersUnavailableError,
  type CounterWatcher,
  type HitsThenIncrement,
  type IncrementResult,
  type IncrementRule,
  type LedgerSnapshot,
  type QuotaCount,
  type QuotaReconciliation,
  type RateLimitHit,
  type RateLimitRule,
} from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

/**
 * How long Redis must stay connected after an outage before this instance says it is back: a flapping Redis never
 * gets that far, and quotas stay in PostgreSQL (QuotaAuthority returns them to Redis only when every instance
 * reaches it, after re-seeding).
 */
export const REDIS_RECOVERY_GRACE_MS = 2000;

/**
 * The shared counters in Redis while it answers. Background work (reconciling written units, re-seeding after an
 * outage) goes on a connection of its own: with auto-pipelining, a connection sends one pipeline at a time, so a
 * request's command would otherwise queue behind a background one (on a hung Redis: a command timeout each).
 * While Redis does not answer (the client fails at once when disconnected, within 500 ms when Redis hangs), no
 * request waits on it:
 * - quota operations report the store unavailable, and QuotaService decides in PostgreSQL's ledger instead (one
 *   atomic conditional increment shared by every instance: the quota stays exact);
 * - rate limits are counted by this instance's own counters (docs/DECISIONS.md: per instance during an outage).
 * Quota operations also pass through a gate that QuotaAuthority opens and closes: every instance charges the
 * ledger while any one of them cannot reach Redis, and returns to Redis only once the counters are re-seeded.
 * When Redis is back and has stayed so for REDIS_RECOVERY_GRACE_MS, the watcher (QuotaAuthority) is told.
 */
export class FailoverCounterStore implements CounterStore, CounterAvailability {
  readonly availability: CounterAvailability = this;
  private readonly logger = new Logger('Counters');
  private local = new MemoryCounterStore();
  private isAway = true;
  /** Away after a failure (a connection that closed or did not answer), not merely not yet connected. */
  private knownAway = false;
  /** QuotaAuthority's gate: closed until it has agreed with the other instances that quotas go to Redis. */
  private quotasOpen = false;
  /** Quota operations sent to Redis and not yet answered, and who waits for them to settle. */
  private quotaOperations = 0;
  private settledWaiters: (() => void)[] = [];
  private connectedBefore = false;
  private returning?: NodeJS.Timeout;
  private watcher?: CounterWatcher;

  private readonly backgroundRedis: Redis;
  private readonly background: RedisCounterStore;

  constructor(
    private readonly redis: Redis,
    private readonly shared: RedisCounterStore,
    private readonly recoveryGraceMs = REDIS_RECOVERY_GRACE_MS,
  ) {
    this.backgroundRedis = redis.duplicate();
    // Its failures are the main connection's too, which logs them; background work is retried or marked.
    this.backgroundRedis.on('error', () => undefined);
    this.background = new RedisCounterStore(this.backgroundRedis);
    redis.on('ready', () => this.connected());
    // A closed connection means the next commands fail: go over to PostgreSQL now, not at the next request.
    redis.on('close', () => {
      clearTimeout(this.returning);
      this.goAway('its connection closed');
    });
  }

  get away(): boolean {
    return this.isAway;
  }

  watch(watcher: CounterWatcher): void {
    this.watcher = watcher;
    if (this.knownAway) watcher.away(); // it failed before anyone watched
  }

  useForQuotas(open: boolean): void {
    this.quotasOpen = open;
  }

  quotaOperationsSettled(): Promise<void> {
    if (this.quotaOperations === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  async runId(): Promise<string> {
    if (this.isAway || this.backgroundRedis.status !== 'ready')
      throw new CountersUnavailableError('Redis is away');
    const info = await this.backgroundRedis.info('server');
    const runId = /^run_id:(\w+)/m.exec(info)?.[1];
    if (!runId) throw new Error('Redis did not say its run_id (INFO server)');
    return runId;
  }

  /** Closes the background connection (the main one is RedisModule's). */
  async close(): Promise<void> {
    clearTimeout(this.returning);
    await this.backgroundRedis.quit().catch(() => undefined);
    this.backgroundRedis.disconnect();
  }

  quota(key: string): Promise<QuotaCount | null> {
    return this.sharedOnly((s) => s.quota(key));
  }

  seedQuota(
    key: string,
    snapshot: LedgerSnapshot,
    ttlSeconds: number,
    mode: 'if-absent' | 'replace',
  ): Promise<QuotaCount | 'stale'> {
    // Seeding on demand is a request's; replacing counters after an outage is background work.
    if (mode === 'replace') return this.inBackground((s) => s.seedQuota(key, snapshot, ttlSeconds, mode));
    return this.sharedOnly((s) => s.seedQuota(key, snapshot, ttlSeconds, mode));
  }

  async incrementIfBelow(key: string, limit: number | null, amount: number): Promise<IncrementResult> {
    try {
      return await this.sharedOnly((s) => s.incrementIfBelow(key, limit, amount));
    } catch (error) {
      if (error instanceof CountersUnavailableError) return 'unavailable';
      throw error;
    }
  }

  decrement(key: string, amount: number): Promise<string | null> {
    return this.sharedOnly((s) => s.decrement(key, amount));
  }

  reconcileQuota(entries: QuotaReconciliation[]): Promise<void> {
    return this.inBackground((s) => s.reconcileQuota(entries));
  }

  async rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    if (!this.isAway) {
      try {
        return await this.shared.rateLimitHits(limits);
      } catch (error) {
        this.failed(error as Error);
      }
    }
    return this.local.rateLimitHits(limits);
  }

  async rateLimitHitsThenIncrement(
    limits: RateLimitRule[],
    increment: IncrementRule,
  ): Promise<HitsThenIncrement> {
    if (!this.isAway) {
      try {
        if (!this.quotasOpen) {
          // Rate limits shared, the unit for the ledger.
          const hits = await this.shared.rateLimitHits(limits);
          return hits.every((hit) => hit.allowed) ? { hits, increment: 'unavailable' } : { hits };
        }
        // The metered read's one round trip: counted in place rather than through quotaOperation's extra frame.
        this.quotaOperations += 1;
        try {
          return await this.shared.rateLimitHitsThenIncrement(limits, increment);
        } finally {
          this.quotaOperationAnswered();
        }
      } catch (error) {
        this.failed(error as Error);
      }
    }
    const hits = await this.local.rateLimitHits(limits);
    return hits.every((hit) => hit.allowed) ? { hits, increment: 'unavailable' } : { hits };
  }

  /** A quota operation sent to Redis, counted until it is answered (see quotaOperationsSettled). */
  private async quotaOperation<T>(operation: () => Promise<T>): Promise<T> {
    this.quotaOperations += 1;
    try {
      return await operation();
    } finally {
      this.quotaOperationAnswered();
    }
  }

  private quotaOperationAnswered(): void {
    this.quotaOperations -= 1;
    if (this.quotaOperations === 0 && this.settledWaiters.length)
      for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private async sharedOnly<T>(operation: (store: RedisCounterStore) => Promise<T>): Promise<T> {
    if (this.isAway) throw new CountersUnavailableError('Redis is away');
    if (!this.quotasOpen) throw new CountersUnavailableError('quotas are decided in PostgreSQL for now');
    try {
      return await this.quotaOperation(() => operation(this.shared));
    } catch (error) {
      this.failed(error as Error);
      throw new CountersUnavailableError((error as Error).message);
    }
  }

  /** Background work: unavailable while Redis is away; its own failures leave the requests' state alone. */
  private async inBackground<T>(operation: (store: RedisCounterStore) => Promise<T>): Promise<T> {
    if (this.isAway || this.backgroundRedis.status !== 'ready')
      throw new CountersUnavailableError('Redis is away');
    try {
      return await operation(this.background);
    } catch (error) {
      if ((error as Error).name === 'ReplyError') throw error;
      throw new CountersUnavailableError((error as Error).message);
    }
  }

  /** A command failed: Redis is away, unless it answered with an error of its own (a fault of ours: rethrown). */
  private failed(error: Error): void {
    if (error.name === 'ReplyError') throw error;
    this.goAway(`it did not answer: ${error.message}`);
    // A connection that stays "ready" but answers nothing (Redis hung, or a partition the socket has not
    // noticed) would cost every request the command timeout: drop it and reconnect in the background; its next
    // 'ready' starts the way back.
    if (this.redis.status === 'ready') {
      this.logger.warn('Redis does not answer on its connection: reconnecting');
      this.redis.disconnect(true);
    }
  }

  private goAway(why: string): void {
    // Before the first connection the store is away too, but not yet known to be: a start-up is no outage.
    if (this.isAway && this.knownAway) return;
    this.isAway = true;
    this.knownAway = true;
    this.logger.warn(
      `Redis is unavailable (${why}): quotas are decided in PostgreSQL and rate limits counted on this ` +
        'instance until it is back',
    );
    this.watcher?.away();
  }

  /**
   * Connected. The first time, Redis serves at once (QuotaAuthority opens the quotas' gate when the instances
   * agree); after an outage, once the connection has held for the grace period.
   */
  private connected(): void {
    clearTimeout(this.returning);
    if (!this.connectedBefore) {
      this.connectedBefore = true;
      this.isAway = false;
      if (this.knownAway) {
        this.knownAway = false;
        this.watcher?.back();
      }
      return;
    }
    this.logger.log(`Redis answers again: it serves again if it stays up ${this.recoveryGraceMs} ms`);
    this.returning = setTimeout(() => this.comeBack(), this.recoveryGraceMs);
    this.returning.unref();
  }

  private comeBack(): void {
    if (this.redis.status !== 'ready') return;
    this.local = new MemoryCounterStore();
    this.isAway = false;
    this.knownAway = false;
    this.logger.log(
      'Redis is back: rate limits are shared again; quotas return to it with the other instances',
    );
    this.watcher?.back();
  }
}
