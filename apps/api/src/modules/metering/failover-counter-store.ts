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
 * How long Redis must stay connected after an outage before quotas return to it: longer than the reconnect
 * back-off (REDIS_RECONNECT_MAX_MS), so that every instance has reconnected too and none is still deciding in
 * PostgreSQL while the others count in Redis (a flapping Redis never gets that far: quotas stay in PostgreSQL).
 */
export const REDIS_RECOVERY_GRACE_MS = 2000;

/**
 * The shared counters in Redis while it answers. Background work (reconciling written units, re-seeding after an
 * outage) goes on a connection of its own: with auto-pipelining, a connection sends one pipeline at a time, so a
 * request's command would otherwise queue behind a background one (on a hung Redis: a command timeout each). While it does not (the client fails at once when disconnected,
 * within 500 ms when Redis hangs), no request waits on it:
 * - quota operations report the store unavailable, and QuotaService decides in PostgreSQL's ledger instead (one
 *   atomic conditional increment shared by every instance: the quota stays exact);
 * - rate limits are counted by this instance's own counters (docs/DECISIONS.md: per instance during an outage).
 * When Redis is back and has stayed so for REDIS_RECOVERY_GRACE_MS, the watcher (QuotaService) re-seeds the
 * counters charged meanwhile, and then the shared counters are used again.
 */
export class FailoverCounterStore implements CounterStore, CounterAvailability {
  readonly availability: CounterAvailability = this;
  private readonly logger = new Logger('Counters');
  private local = new MemoryCounterStore();
  private isAway = true;
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

  async incrementIfBelow(key: string, limit: number | null): Promise<IncrementResult> {
    try {
      return await this.sharedOnly((s) => s.incrementIfBelow(key, limit));
    } catch (error) {
      if (error instanceof CountersUnavailableError) return 'unavailable';
      throw error;
    }
  }

  decrement(key: string): Promise<string | null> {
    return this.sharedOnly((s) => s.decrement(key));
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
        return await this.shared.rateLimitHitsThenIncrement(limits, increment);
      } catch (error) {
        this.failed(error as Error);
      }
    }
    const hits = await this.local.rateLimitHits(limits);
    return hits.every((hit) => hit.allowed) ? { hits, increment: 'unavailable' } : { hits };
  }

  private async sharedOnly<T>(operation: (store: RedisCounterStore) => Promise<T>): Promise<T> {
    if (this.isAway) throw new CountersUnavailableError('Redis is away');
    try {
      return await operation(this.shared);
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
    if (this.isAway) return;
    this.isAway = true;
    this.logger.warn(
      `Redis is unavailable (${why}): quotas are decided in PostgreSQL and rate limits counted on this ` +
        'instance until it is back',
    );
    this.watcher?.away();
  }

  /**
   * Connected. The first time, quotas go to Redis at once (the start-up re-seeds what is marked, after the
   * migrations: QuotaService.warmUp); after an outage, once the connection has held for the grace period and the
   * watcher has re-seeded the counters charged meanwhile.
   */
  private connected(): void {
    clearTimeout(this.returning);
    if (!this.connectedBefore) {
      this.connectedBefore = true;
      this.isAway = false;
      return;
    }
    this.logger.log(`Redis answers again: quotas return to it if it stays up ${this.recoveryGraceMs} ms`);
    this.returning = setTimeout(() => void this.comeBack(), this.recoveryGraceMs);
    this.returning.unref();
  }

  private async comeBack(): Promise<void> {
    try {
      await this.watcher?.back(this.background);
    } catch (error) {
      const message = (error as Error).message;
      // Redis went away again meanwhile: its next 'ready' tries again.
      if (this.redis.status !== 'ready') return;
      // PostgreSQL does not answer: Redis serves at once rather than nobody; the counters charged in PostgreSQL
      // during the outage are re-seeded by the periodic pass once it answers (until then they may lag).
      this.logger.error(
        `Redis is back but its counters could not be re-seeded from PostgreSQL yet: ${message}`,
      );
    }
    if (this.redis.status !== 'ready') return;
    this.local = new MemoryCounterStore();
    this.isAway = false;
    this.logger.log('Redis is back: quotas and rate limits are shared again');
  }
}
