import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type {
  CounterStore,
  HitsThenIncrement,
  IncrementResult,
  IncrementRule,
  RateLimitHit,
  RateLimitRule,
} from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

/** Adds a locally counted delta to a shared counter, only if it still exists (else PostgreSQL seeds it afresh). */
const ADD_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if value < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') end
return 1
`;

/**
 * The shared counters in Redis while it answers; this instance's own counters while it does not, so that no
 * request ever waits on a dead Redis (the client fails at once when disconnected, within 500 ms when Redis hangs).
 * - During an outage, quota counters start from PostgreSQL (QuotaService seeds them: the usage every instance has
 *   written back, at most USAGE_FLUSH_INTERVAL_MS old) and each instance counts on its own; rate limits are per
 *   instance.
 * - When Redis is back, what this instance counted meanwhile is added to the shared quota counters, and the local
 *   state is dropped.
 */
export class FailoverCounterStore implements CounterStore {
  private readonly logger = new Logger('Counters');
  private local = new MemoryCounterStore();
  /** Quota counters changed locally during the current outage, with the change. */
  private readonly outageDeltas = new Map<string, number>();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly shared: RedisCounterStore,
    private readonly prefix = 'lrs:',
  ) {
    redis.on('ready', () => void this.recover());
  }

  /** True while this instance counts on its own. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  get(key: string): Promise<number | null> {
    return this.either(
      (s) => s.get(key),
      (l) => l.get(key),
    );
  }

  seed(key: string, value: number, ttlSeconds: number): Promise<void> {
    return this.either(
      (s) => s.seed(key, value, ttlSeconds),
      (l) => l.seed(key, value, ttlSeconds),
    );
  }

  incrementIfBelow(key: string, limit: number | null): Promise<IncrementResult> {
    return this.either(
      (s) => s.incrementIfBelow(key, limit),
      async (l) => {
        const result = await l.incrementIfBelow(key, limit);
        if (typeof result === 'number') this.outageDeltas.set(key, (this.outageDeltas.get(key) ?? 0) + 1);
        return result;
      },
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      (s) => s.decrement(key),
      async (l) => {
        await l.decrement(key);
        this.outageDeltas.set(key, (this.outageDeltas.get(key) ?? 0) - 1);
      },
    );
  }

  rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    return this.either(
      (s) => s.rateLimitHits(limits),
      (l) => l.rateLimitHits(limits),
    );
  }

  rateLimitHitsThenIncrement(limits: RateLimitRule[], increment: IncrementRule): Promise<HitsThenIncrement> {
    return this.either(
      (s) => s.rateLimitHitsThenIncrement(limits, increment),
      async (l) => {
        const outcome = await l.rateLimitHitsThenIncrement(limits, increment);
        if (typeof outcome.increment === 'number') {
          this.outageDeltas.set(increment.key, (this.outageDeltas.get(increment.key) ?? 0) + 1);
        }
        return outcome;
      },
    );
  }

  private async either<T>(
    onShared: (store: RedisCounterStore) => Promise<T>,
    onLocal: (store: MemoryCounterStore) => Promise<T>,
  ): Promise<T> {
    if (this.redis.status !== 'ready') return this.fallBack(onLocal);
    try {
      return await onShared(this.shared);
    } catch (error) {
      const message = (error as Error).message;
      this.logger.warn(`Redis did not answer (${message}): counting on this instance`);
      // A connection that stays "ready" but answers nothing (Redis hung, or a partition the socket has not
      // noticed) would cost every request the command timeout: drop it and reconnect in the background, so that
      // the requests that follow go to the local counters at once, until Redis is ready again ('ready' reconciles).
      if (/timed out/i.test(message) && this.redis.status === 'ready') {
        this.logger.warn('Redis does not answer on its connection: reconnecting');
        this.redis.disconnect(true);
      }
      return this.fallBack(onLocal);
    }
  }

  private fallBack<T>(onLocal: (store: MemoryCounterStore) => Promise<T>): Promise<T> {
    if (!this.degraded) {
      this.degraded = true;
      this.logger.warn(
        'Redis is unavailable: quota and rate limits are counted on this instance until it returns',
      );
    }
    return onLocal(this.local);
  }

  private async recover(): Promise<void> {
    if (!this.degraded) return;
    const deltas = [...this.outageDeltas];
    try {
      for (const [key, delta] of deltas) {
        if (delta !== 0) await this.redis.eval(ADD_IF_EXISTS, 1, this.prefix + key, delta);
      }
      this.outageDeltas.clear();
      this.local = new MemoryCounterStore();
      this.degraded = false;
      this.logger.log(`Redis is back: ${deltas.length} quota counters reconciled`);
    } catch (error) {
      // Still flaky: keep counting locally; the next 'ready' tries again.
      this.logger.warn(`Redis came back but reconciling failed: ${(error as Error).message}`);
    }
  }
}
