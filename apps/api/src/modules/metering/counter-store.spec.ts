import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { CounterStore } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

/** The same properties for both stores: what makes the quota exact and the windows shared. */
function counterStoreContract(name: string, make: () => CounterStore) {
  describe(name, () => {
    let store: CounterStore;
    const key = () => `spec:${randomBytes(6).toString('hex')}`;
    beforeEach(() => (store = make()));

    it('incrementIfBelow lets exactly `limit` of a concurrent burst through', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 200 }, () => store.incrementIfBelow(k, 37, 60)));
      expect(results.filter((r) => r !== null)).toHaveLength(37);
      expect(new Set(results.filter((r) => r !== null))).toEqual(
        new Set(Array.from({ length: 37 }, (_, i) => i + 1)),
      );
      expect(await store.get(k)).toBe(37);
    });

    it('incrementIfBelow with no limit always counts', async () => {
      const k = key();
      for (let i = 1; i <= 5; i++) expect(await store.incrementIfBelow(k, null, 60)).toBe(i);
    });

    it('seed sets a missing counter and never overwrites one', async () => {
      const k = key();
      expect(await store.get(k)).toBeNull();
      await store.seed(k, 10, 60);
      await store.seed(k, 99, 60);
      expect(await store.get(k)).toBe(10);
      expect(await store.incrementIfBelow(k, 11, 60)).toBe(11);
      expect(await store.incrementIfBelow(k, 11, 60)).toBeNull();
    });

    it('hit counts each window and reports the time to its reset', async () => {
      const k = key();
      await store.hit([{ key: k, windowSeconds: 3600 }]);
      const [hour, minute] = await store.hit([
        { key: k, windowSeconds: 3600 },
        { key: `${k}:m`, windowSeconds: 60 },
      ]);
      expect(hour.count).toBe(2);
      expect(minute.count).toBe(1);
      expect(hour.resetMs).toBeGreaterThan(0);
      expect(hour.resetMs).toBeLessThanOrEqual(3_600_000);
      expect(minute.resetMs).toBeLessThanOrEqual(60_000);
    });
  });
}

counterStoreContract('MemoryCounterStore', () => new MemoryCounterStore());

describe('MemoryCounterStore expiry', () => {
  it('forgets a window once it has passed', async () => {
    let now = 1_000_000_000_000;
    const store = new MemoryCounterStore(() => now);
    await store.hit([{ key: 'w', windowSeconds: 1 }]);
    expect((await store.hit([{ key: 'w', windowSeconds: 1 }]))[0].count).toBe(2);
    now += 1000;
    expect((await store.hit([{ key: 'w', windowSeconds: 1 }]))[0].count).toBe(1);
  });
});

// Redis is one of the machine's services (REDIS_URL, set by .ci/run); the shared-counter behaviour is tested on it.
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('with Redis', () => {
    const connections: Redis[] = [];
    const connect = () => {
      const redis = new Redis(redisUrl);
      connections.push(redis);
      return redis;
    };
    afterAll(async () => {
      await Promise.all(connections.map((c) => c.quit()));
    });

    counterStoreContract(
      'RedisCounterStore',
      () => new RedisCounterStore(connect(), `lrs-spec-${randomBytes(4).toString('hex')}:`),
    );

    it('two instances sharing Redis enforce one limit', async () => {
      const prefix = `lrs-spec-${randomBytes(4).toString('hex')}:`;
      const a = new RedisCounterStore(connect(), prefix);
      const b = new RedisCounterStore(connect(), prefix);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).incrementIfBelow('quota', 30, 60)),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(30);
    });
  });
} else {
  it('Redis counter tests need REDIS_URL (set by .ci/run)', () => {
    expect(process.env.CI).toBeFalsy(); // in CI, REDIS_URL must be set so the Redis tests run
  });
}
