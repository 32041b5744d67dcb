import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { connectTestRedis } from '../../../test/support/redis';
import { CounterStore, gcraDecision, type QuotaCount } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

const key = () => `spec:${randomBytes(6).toString('hex')}`;
const hit = (store: CounterStore, k: string, windowMs: number, limit: number) =>
  store.rateLimitHits([{ key: k, windowMs, limit }]).then(([result]) => result);

/** The same properties for both stores: what makes the quota exact and the windows shared. */
function counterStoreContract(name: string, make: () => CounterStore) {
  describe(name, () => {
    let store: CounterStore;
    beforeEach(() => (store = make()));

    const seed = (k: string, used: number, version = 1) =>
      store.seedQuota(k, { used, version }, 60, 'if-absent') as Promise<QuotaCount>;
    const used = async (k: string) => (await store.quota(k))?.used ?? null;

    it('incrementIfBelow lets exactly `limit` of a concurrent burst through', async () => {
      const k = key();
      const { incarnation } = await seed(k, 0);
      const results = await Promise.all(Array.from({ length: 200 }, () => store.incrementIfBelow(k, 37, 1)));
      const counted = results.filter((r): r is QuotaCount => typeof r === 'object');
      expect(counted).toHaveLength(37);
      expect(new Set(counted.map((c) => c.used))).toEqual(
        new Set(Array.from({ length: 37 }, (_, i) => i + 1)),
      );
      expect(counted.every((c) => c.incarnation === incarnation)).toBe(true);
      expect(results.filter((r) => r === 'limit-reached')).toHaveLength(163);
      expect(await used(k)).toBe(37);
    });

    it("incrementIfBelow and decrement move a request's units together (a route of cost 3), whole or not at all", async () => {
      const k = key();
      const { incarnation } = await seed(k, 4);
      expect(await store.incrementIfBelow(k, 9, 3)).toEqual({ used: 7, incarnation });
      expect(await store.incrementIfBelow(k, 9, 3)).toBe('limit-reached');
      expect(await used(k)).toBe(7);
      expect(await store.incrementIfBelow(k, 9, 2)).toEqual({ used: 9, incarnation });
      expect(await store.decrement(k, 3)).toBe(incarnation);
      expect(await used(k)).toBe(6);
      const [rate, quota] = [key(), key()];
      await seed(quota, 7);
      const limits = [{ key: rate, windowMs: 3_600_000, limit: 100 }];
      expect(
        (await store.rateLimitHitsThenIncrement(limits, { key: quota, limit: 9, amount: 3 })).increment,
      ).toBe('limit-reached');
      expect(
        (await store.rateLimitHitsThenIncrement(limits, { key: quota, limit: 10, amount: 3 })).increment,
      ).toMatchObject({ used: 10 });
    });

    it('incrementIfBelow reports an unseeded counter instead of starting it at 0', async () => {
      const k = key();
      expect(await store.incrementIfBelow(k, 10, 1)).toBe('unseeded');
      expect(await store.quota(k)).toBeNull();
    });

    it('incrementIfBelow with no limit always counts', async () => {
      const k = key();
      await seed(k, 0);
      for (let i = 1; i <= 5; i++)
        expect(await store.incrementIfBelow(k, null, 1)).toMatchObject({ used: i });
    });

    it("seedQuota 'if-absent' sets a missing counter and never overwrites one", async () => {
      const k = key();
      expect(await store.quota(k)).toBeNull();
      const first = await seed(k, 10, 3);
      expect(await seed(k, 99, 9)).toEqual(first);
      expect(await used(k)).toBe(10);
      expect(await store.incrementIfBelow(k, 11, 1)).toEqual({ used: 11, incarnation: first.incarnation });
      expect(await store.incrementIfBelow(k, 11, 1)).toBe('limit-reached');
    });

    it("seedQuota 'replace' starts a new incarnation from a newer snapshot, and keeps a counter seeded from a newer one", async () => {
      const k = key();
      const first = await seed(k, 10, 3);
      await store.incrementIfBelow(k, null, 1);
      const replaced = await store.seedQuota(k, { used: 14, version: 5 }, 60, 'replace');
      expect(replaced).toMatchObject({ used: 14 });
      expect((replaced as QuotaCount).incarnation).not.toBe(first.incarnation);
      expect(await store.seedQuota(k, { used: 12, version: 4 }, 60, 'replace')).toEqual(replaced);
      expect(await used(k)).toBe(14);
    });

    it('seedQuota refuses a snapshot older than a write already reconciled (stale), with or without a counter', async () => {
      const absent = key();
      await store.reconcileQuota([
        { key: absent, incarnation: 'gone', version: 7, delta: 2, ttlSeconds: 60 },
      ]);
      expect(await store.quota(absent)).toBeNull(); // nothing to add to: the next seeding reads the ledger
      expect(await store.seedQuota(absent, { used: 5, version: 6 }, 60, 'if-absent')).toBe('stale');
      expect(await store.seedQuota(absent, { used: 7, version: 7 }, 60, 'if-absent')).toMatchObject({
        used: 7,
      });

      const present = key();
      await seed(present, 1, 1);
      await store.reconcileQuota([
        { key: present, incarnation: 'other', version: 4, delta: 1, ttlSeconds: 60 },
      ]);
      expect(await store.seedQuota(present, { used: 2, version: 3 }, 60, 'replace')).toBe('stale');
    });

    it('reconcileQuota takes in units of another incarnation written after its snapshot, and no others', async () => {
      const k = key();
      const { incarnation } = await seed(k, 10, 5);
      await store.incrementIfBelow(k, null, 1); // 11, in this incarnation
      await store.reconcileQuota([
        { key: k, incarnation, version: 6, delta: 1, ttlSeconds: 60 }, // counted here already
        { key: k, incarnation: 'older', version: 5, delta: 4, ttlSeconds: 60 }, // in the snapshot already
        { key: k, incarnation: 'older', version: 7, delta: 3, ttlSeconds: 60 }, // written after the snapshot
        { key: k, incarnation: 'older', version: 8, delta: -1, ttlSeconds: 60 }, // a refund, likewise
      ]);
      expect(await used(k)).toBe(13);
    });

    it('decrement takes one back and names the incarnation; null without a counter', async () => {
      const k = key();
      const { incarnation } = await seed(k, 1);
      expect(await store.decrement(k, 1)).toBe(incarnation);
      expect(await used(k)).toBe(0);
      expect(await store.decrement(key(), 1)).toBeNull();
    });

    it('rateLimitHit lets exactly `limit` of a concurrent burst through and reports the rest', async () => {
      const k = key();
      const hits = await Promise.all(Array.from({ length: 60 }, () => hit(store, k, 60_000, 25)));
      const allowed = hits.filter((h) => h.allowed);
      expect(allowed).toHaveLength(25);
      expect(Math.min(...allowed.map((h) => h.remaining))).toBe(0);
      const refused = hits.filter((h) => !h.allowed);
      expect(refused.every((h) => h.remaining === 0 && h.retryAfterMs > 0 && h.retryAfterMs <= 2400)).toBe(
        true,
      );
      expect(refused.every((h) => h.resetMs > 0 && h.resetMs <= 60_000)).toBe(true);
    });

    it('rateLimitHits counts a request in every limit or, when one refuses it, in none', async () => {
      // A roomy limit over an hour (one unit comes back every 36 s, so a slow machine cannot blur the count)
      // and a tight one over a minute.
      const [roomy, tight] = [key(), key()];
      const both = () =>
        store.rateLimitHits([
          { key: roomy, windowMs: 3_600_000, limit: 100 },
          { key: tight, windowMs: 60_000, limit: 3 },
        ]);
      for (let i = 0; i < 3; i++) expect((await both()).every((h) => h.allowed)).toBe(true);
      const refused = await both();
      expect(refused.map((h) => h.allowed)).toEqual([true, false]);
      // The roomy limit did not count the refused request: 3 of its 100 are used, not 4.
      expect((await hit(store, roomy, 3_600_000, 100)).remaining).toBe(96);
    });

    it('a request of `cost` units counts as that many requests at once: whole, or not at all', async () => {
      // 10 an hour (one unit back every 6 min, far from this test's duration) and a roomier minute beside it.
      const [hour, minute] = [key(), key()];
      const costly = (cost: number) =>
        store.rateLimitHits([
          { key: hour, windowMs: 3_600_000, limit: 10, cost },
          { key: minute, windowMs: 60_000, limit: 100, cost },
        ]);
      expect((await costly(4)).map((h) => [h.allowed, h.remaining])).toEqual([
        [true, 6],
        [true, 96],
      ]);
      expect((await costly(4))[0]).toMatchObject({ allowed: true, remaining: 2 });
      const refused = await costly(4);
      expect(refused.map((h) => h.allowed)).toEqual([false, true]);
      // 8 of 10 used: 4 more fit once 2 units have come back, 12 minutes from now.
      expect(refused[0].retryAfterMs).toBeGreaterThan(719_000);
      expect(refused[0].retryAfterMs).toBeLessThanOrEqual(720_000);
      // The refused 4 were counted nowhere: the minute has 92 left after 2 more units, not 88.
      expect((await costly(2)).map((h) => [h.allowed, h.remaining])).toEqual([
        [true, 0],
        [true, 90],
      ]);
      const [rate, quota] = [key(), key()];
      await seed(quota, 0);
      const charged = await store.rateLimitHitsThenIncrement(
        [{ key: rate, windowMs: 3_600_000, limit: 10, cost: 7 }],
        { key: quota, limit: 100, amount: 1 },
      );
      expect(charged.hits[0]).toMatchObject({ allowed: true, remaining: 3 });
      expect(charged.increment).toMatchObject({ used: 1 }); // the quota's unit stays one
    });

    it('rateLimitHitsThenIncrement increments the counter for exactly the requests the limits let through', async () => {
      const [rate, quota] = [key(), key()];
      await seed(quota, 0);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () =>
          store.rateLimitHitsThenIncrement([{ key: rate, windowMs: 3_600_000, limit: 5 }], {
            key: quota,
            limit: 100,
            amount: 1,
          }),
        ),
      );
      const passed = outcomes.filter((o) => o.hits[0].allowed);
      expect(passed).toHaveLength(5);
      expect(passed.map((o) => (o.increment as QuotaCount).used).sort()).toEqual([1, 2, 3, 4, 5]);
      // A refused request is not charged: the increment is not even tried.
      expect(outcomes.filter((o) => !o.hits[0].allowed).map((o) => o.increment)).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      expect(await used(quota)).toBe(5);
    });

    it("rateLimitHitsThenIncrement reports the counter's limit and an unseeded counter, the rate still counted", async () => {
      const [rate, quota, fresh] = [key(), key(), key()];
      await seed(quota, 2);
      const limits = [{ key: rate, windowMs: 3_600_000, limit: 100 }];
      expect(
        (await store.rateLimitHitsThenIncrement(limits, { key: quota, limit: 2, amount: 1 })).increment,
      ).toBe('limit-reached');
      expect(
        (await store.rateLimitHitsThenIncrement(limits, { key: fresh, limit: 2, amount: 1 })).increment,
      ).toBe('unseeded');
      expect(await used(quota)).toBe(2);
      expect(await store.quota(fresh)).toBeNull();
      // Both requests were counted in the rate limit: this third one leaves 97 of 100.
      expect((await hit(store, rate, 3_600_000, 100)).remaining).toBe(97);
    });
  });
}

describe('gcraDecision (times in µs)', () => {
  const now = 1_000_000_000_000_000;
  const ms = 1000;

  it('lets a fresh burst of `limit` through at once, counting down what remains', () => {
    let tat: number | null = null;
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const decision = gcraDecision(tat, now, 1000, 10);
      expect(decision.hit.allowed).toBe(true);
      remaining.push(decision.hit.remaining);
      tat = decision.tatUs;
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = gcraDecision(tat, now, 1000, 10);
    expect(refused.hit).toEqual({ allowed: false, remaining: 0, resetMs: 1000, retryAfterMs: 100 });
    expect(refused.tatUs).toBe(tat);
  });

  it('after a full burst, lets requests through at the pace of the limit', () => {
    const full = now + 1000 * ms; // ten requests were just made against 10 per second
    expect(gcraDecision(full, now + 99 * ms, 1000, 10).hit.allowed).toBe(false);
    expect(gcraDecision(full, now + 100 * ms, 1000, 10).hit.allowed).toBe(true);
  });

  it('is whole again once a window has passed without requests', () => {
    expect(gcraDecision(now + 1000 * ms, now + 1000 * ms, 1000, 10).hit.remaining).toBe(9);
  });

  it('one request per second: the next fits exactly a second later', () => {
    const first = gcraDecision(null, now, 1000, 1);
    expect(first.hit).toEqual({ allowed: true, remaining: 0, resetMs: 1000, retryAfterMs: 0 });
    expect(gcraDecision(first.tatUs, now + 300 * ms, 1000, 1).hit.retryAfterMs).toBe(700);
    expect(gcraDecision(first.tatUs, now + 1000 * ms, 1000, 1).hit.allowed).toBe(true);
  });

  it('a request of `cost` units moves the arrival time `cost` intervals; one larger than the limit never fits', () => {
    const first = gcraDecision(null, now, 1000, 10, 3);
    expect(first).toEqual({
      hit: { allowed: true, remaining: 7, resetMs: 300, retryAfterMs: 0 },
      tatUs: now + 300 * ms,
    });
    expect(gcraDecision(first.tatUs, now, 1000, 10, 7).hit).toMatchObject({ allowed: true, remaining: 0 });
    // 3 used: 8 more fit once one unit has come back, 100 ms later.
    expect(gcraDecision(first.tatUs, now, 1000, 10, 8).hit).toEqual({
      allowed: false,
      remaining: 0,
      resetMs: 300,
      retryAfterMs: 100,
    });
    expect(gcraDecision(null, now, 1000, 10, 11).hit.allowed).toBe(false);
  });

  it('lets exactly `limit` of an instant burst through, whole-number interval or not', () => {
    for (const [windowMs, limit] of [
      [1000, 3],
      [1000, 20],
      [60_000, 1200],
      [3_600_000, 72_000],
      [3_600_000, 7],
    ]) {
      let tat: number | null = null;
      let allowed = 0;
      for (let i = 0; i <= limit; i++) {
        const decision = gcraDecision(tat, now + 123, windowMs, limit);
        if (decision.hit.allowed) allowed += 1;
        tat = decision.tatUs;
      }
      expect(allowed).toBe(limit);
    }
  });
});

counterStoreContract('MemoryCounterStore', () => new MemoryCounterStore());

describe('MemoryCounterStore over time', () => {
  it('a burst that straddles a second boundary gets no more than the per-second limit', async () => {
    let now = 1_000_000_000_000 - 50; // 50 ms before a second boundary
    const store = new MemoryCounterStore(() => now);
    const burst = () => Promise.all(Array.from({ length: 15 }, () => hit(store, 'w', 1000, 10)));
    const before = await burst();
    now += 60; // 10 ms after it
    const after = await burst();
    expect([...before, ...after].filter((h) => h.allowed)).toHaveLength(10);
    now += 1000;
    expect((await burst()).filter((h) => h.allowed)).toHaveLength(10);
  });

  it('forgets a counter once it has expired', async () => {
    let now = 1_000_000_000_000;
    const store = new MemoryCounterStore(() => now);
    await store.seedQuota('c', { used: 5, version: 1 }, 1, 'if-absent');
    now += 1000;
    expect(await store.quota('c')).toBeNull();
  });
});

describe('with Redis', () => {
  const connections: Redis[] = [];
  const connect = async () => {
    const redis = await connectTestRedis();
    connections.push(redis);
    return redis;
  };
  let shared: Redis;
  beforeAll(async () => (shared = await connect()));
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.quit()));
  });

  counterStoreContract(
    'RedisCounterStore',
    () => new RedisCounterStore(shared, `lrs-spec-${randomBytes(4).toString('hex')}:`),
  );

  it('two instances sharing Redis enforce one quota and one rate window', async () => {
    const prefix = `lrs-spec-${randomBytes(4).toString('hex')}:`;
    const a = new RedisCounterStore(await connect(), prefix);
    const b = new RedisCounterStore(await connect(), prefix);
    await a.seedQuota('quota', { used: 0, version: 0 }, 60, 'if-absent');
    const quota = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).incrementIfBelow('quota', 30, 1)),
    );
    expect(quota.filter((r) => typeof r === 'object')).toHaveLength(30);
    const window = await Promise.all(
      Array.from({ length: 100 }, (_, i) => hit(i % 2 ? a : b, 'rate', 60_000, 40)),
    );
    expect(window.filter((h) => h.allowed)).toHaveLength(40);
  });
});
