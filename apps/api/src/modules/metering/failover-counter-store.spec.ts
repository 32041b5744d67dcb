import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { connectTestRedis, testRedisUrl } from '../../../test/support/redis';
import { type CutMode, startTcpProxy, type TcpProxy, throughProxy } from '../../../test/support/tcp-proxy';
import { TEST_ENV } from '../../../test/support/test-engine';
import { eventually, timed } from '../../../test/support/timing';
import { REDIS, RedisModule } from '../../common/redis/redis.module';
import { loadSettings } from '../../config/settings';
import { SettingsModule } from '../../config/settings.module';
import { CountersUnavailableError, type QuotaCount, type RateLimitRule } from './counter-store';
import { FailoverCounterStore } from './failover-counter-store';
import { RedisCounterStore } from './redis-counter-store';

/** Short, so that a return is seen within the test; production waits REDIS_RECOVERY_GRACE_MS (2 s). */
const GRACE_MS = 300;
/** Every key of this run lives under it (the stores' own prefix is 'lrs:'), so parallel runs never collide. */
const RUN = `spec-failover-${randomBytes(4).toString('hex')}`;
let keys = 0;
const newKey = (what: string) => `${RUN}:${what}-${(keys += 1)}`;
/** A roomy hourly limit: one unit comes back every 12 s, far slower than a test runs. */
const hourly = (key: string, limit = 300): RateLimitRule[] => [{ key, windowMs: 3_600_000, limit }];

/**
 * FailoverCounterStore on the machine's Redis, reached through a TCP proxy that a test cuts (the shared Redis
 * keeps running for everyone else), on the very connection RedisModule makes (its timeouts are what bound a
 * request's wait). What the store says is checked against Redis itself, read on a direct connection.
 *
 * The store's states: up (counters in Redis), away (rate limits counted by this instance, quota operations
 * 'unavailable' so that QuotaService decides in PostgreSQL's ledger), and returning (connected again, serving
 * again once the connection has held for the grace period: the in-memory counters are then dropped, the shared
 * rate windows resume, and QuotaAuthority, told `back`, re-seeds the quota counters from the ledger).
 */
describe('FailoverCounterStore', () => {
  let proxy: TcpProxy;
  let direct: Redis;
  let module: TestingModule;
  let store: FailoverCounterStore;
  let watched: string[];
  let warnings: string[];

  /** The remaining count of a rate limit as Redis itself holds it (a hit through a store of its own). */
  const sharedRemaining = async (key: string) =>
    (await new RedisCounterStore(direct).rateLimitHits(hourly(key)))[0].remaining;
  const hits = async (key: string, count: number, limit?: number) => {
    const results = [];
    for (let i = 0; i < count; i += 1) results.push((await store.rateLimitHits(hourly(key, limit)))[0]);
    return results;
  };

  beforeAll(async () => {
    direct = await connectTestRedis();
    const target = new URL(testRedisUrl());
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
  });

  beforeEach(async () => {
    warnings = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation((message: unknown) => void warnings.push(String(message)));
    // Redis's connection as the app makes it (RedisModule), to the proxy.
    const settings = loadSettings({
      ...TEST_ENV,
      DATA_DIR: tmpdir(),
      REDIS_URL: throughProxy(testRedisUrl(), proxy),
    });
    module = await Test.createTestingModule({
      imports: [SettingsModule.register(settings), RedisModule],
    }).compile();
    const redis = module.get<Redis>(REDIS);
    store = new FailoverCounterStore(redis, new RedisCounterStore(redis), GRACE_MS);
    // This test's own list: a store of an earlier test, closing, must not write into it.
    const events: string[] = (watched = []);
    store.watch({ away: () => events.push('away'), back: () => events.push('back') });
    // Connected: the first connection serves at once (a start-up is no outage, and no watcher is told).
    await eventually(async () => expect(redis.status).toBe('ready'), 5000);
    expect(store.away).toBe(false);
    // QuotaAuthority opens the quotas' gate once the instances agree; here, at once.
    store.useForQuotas(true);
  });

  afterEach(async () => {
    proxy.restore();
    const redis = module.get<Redis>(REDIS);
    await store.close();
    await module.close();
    // Its connection's last 'close' reaches this store, not the next test's: ended, or (closed while waiting to
    // reconnect, where ioredis just cancels the attempt) left 'reconnecting' with nothing more to come.
    await eventually(async () => expect(['end', 'reconnecting']).toContain(redis.status), 2000);
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    await proxy?.close();
    // This run's keys, whatever a failed test left.
    let cursor = '0';
    do {
      const [next, found] = await direct.scan(cursor, 'MATCH', `lrs:${RUN}:*`, 'COUNT', 1000);
      if (found.length) await direct.del(...found);
      cursor = next;
    } while (cursor !== '0');
    direct?.disconnect();
    // ioredis arms a 2 s timer each time it disconnects a socket that had already closed (its connector's
    // disconnect timeout): let them run out, so that the worker exits by itself instead of being killed.
    await new Promise((resolve) => setTimeout(resolve, 2100));
  });

  /** Cuts the link and waits until the store has noticed (a refused link closes the connection at once). */
  async function cut(mode: CutMode = 'refuse') {
    proxy.cut(mode);
    await eventually(async () => expect(store.away).toBe(true), 3000);
  }

  it('while Redis answers, counts rate limits and quotas in Redis, where every instance sees them', async () => {
    const rate = newKey('rate');
    expect((await hits(rate, 3)).map((h) => h.remaining)).toEqual([299, 298, 297]);
    expect(await sharedRemaining(rate)).toBe(296); // the 3 are in Redis: this fourth hit leaves 296

    const quota = newKey('quota');
    const seeded = (await store.seedQuota(quota, { used: 10, version: 1 }, 60, 'if-absent')) as QuotaCount;
    expect(await store.incrementIfBelow(quota, 12, 1)).toEqual({ used: 11, incarnation: seeded.incarnation });
    expect(await store.incrementIfBelow(quota, 12, 1)).toMatchObject({ used: 12 });
    expect(await store.incrementIfBelow(quota, 12, 1)).toBe('limit-reached');
    expect(await direct.hget(`lrs:${quota}`, 'u')).toBe('12');
    expect(watched).toEqual([]);
  });

  it('with the quotas gate closed, rate limits stay shared and quota operations defer to the ledger', async () => {
    const [rate, quota] = [newKey('rate'), newKey('quota')];
    await store.seedQuota(quota, { used: 0, version: 1 }, 60, 'if-absent');
    store.useForQuotas(false);
    const outcome = await store.rateLimitHitsThenIncrement(hourly(rate), {
      key: quota,
      limit: null,
      amount: 1,
    });
    expect(outcome).toEqual({ hits: [expect.objectContaining({ allowed: true })], increment: 'unavailable' });
    expect(await store.incrementIfBelow(quota, null, 1)).toBe('unavailable');
    await expect(store.quota(quota)).rejects.toBeInstanceOf(CountersUnavailableError);
    expect(await direct.hget(`lrs:${quota}`, 'u')).toBe('0'); // not charged in Redis: the ledger has it
    expect(await sharedRemaining(rate)).toBe(298);
  });

  it('when Redis goes away, goes on counting rate limits in memory, losing none, and defers quotas at once', async () => {
    const rate = newKey('rate');
    await hits(rate, 2, 5);
    await cut('refuse');
    expect(watched).toEqual(['away']);

    // The limit of 5 goes on from this instance's own count: 5 pass, the 6th is refused; none waits on Redis.
    const { result: during, ms } = await timed(() => hits(rate, 6, 5));
    expect(during.map((h) => h.allowed)).toEqual([true, true, true, true, true, false]);
    expect(ms).toBeLessThan(500);
    const { result: increment, ms: quotaMs } = await timed(() =>
      store.incrementIfBelow(newKey('quota'), null, 1),
    );
    expect(increment).toBe('unavailable');
    expect(quotaMs).toBeLessThan(100);
    await expect(store.reconcileQuota([])).rejects.toBeInstanceOf(CountersUnavailableError);
    // One warning for the outage, not one per request.
    expect(warnings.filter((w) => w.startsWith('Redis is unavailable'))).toHaveLength(1);
  });

  it("counts a request's cost in units, in Redis while it answers and in memory while it is away", async () => {
    const costly = (key: string): RateLimitRule[] => [{ ...hourly(key)[0], cost: 7 }];
    const [shared, local, quota] = [newKey('rate'), newKey('rate'), newKey('quota')];
    await store.seedQuota(quota, { used: 0, version: 1 }, 60, 'if-absent');
    expect((await store.rateLimitHits(costly(shared)))[0].remaining).toBe(293);
    const charged = await store.rateLimitHitsThenIncrement(costly(shared), {
      key: quota,
      limit: null,
      amount: 1,
    });
    expect([charged.hits[0].remaining, charged.increment]).toEqual([
      286,
      expect.objectContaining({ used: 1 }),
    ]);
    expect(await sharedRemaining(shared)).toBe(285);
    await cut('refuse');
    expect((await store.rateLimitHits(costly(local)))[0].remaining).toBe(293);
    const away = await store.rateLimitHitsThenIncrement(costly(local), {
      key: quota,
      limit: null,
      amount: 1,
    });
    expect([away.hits[0].remaining, away.increment]).toEqual([286, 'unavailable']);
  });

  it('when Redis hangs, one request waits out the command timeout, then none waits at all', async () => {
    await hits(newKey('warm'), 1);
    proxy.cut('freeze'); // the connection stays open but nothing comes back
    const rate = newKey('rate');
    const { result: first, ms: firstMs } = await timed(() => store.rateLimitHits(hourly(rate, 5)));
    // Answered by the local counters after RedisModule's 500 ms command timeout, not hung.
    expect(first[0].allowed).toBe(true);
    expect(firstMs).toBeGreaterThanOrEqual(400);
    expect(firstMs).toBeLessThan(1500);
    expect(store.away).toBe(true);
    expect(watched).toEqual(['away']);

    const { result: rest, ms } = await timed(() => hits(rate, 5, 5));
    expect(rest.map((h) => h.allowed)).toEqual([true, true, true, true, false]);
    expect(ms).toBeLessThan(250);
  });

  it('serves from Redis again only once it has answered for the grace period; the outage counts are dropped then', async () => {
    const rate = newKey('rate');
    await hits(rate, 2);
    await cut('refuse');
    expect((await hits(rate, 10)).every((h) => h.allowed)).toBe(true); // counted in memory meanwhile
    expect(await sharedRemaining(rate)).toBe(297); // Redis saw none of them (2 before + this one)

    proxy.restore();
    const backAt = Date.now();
    await eventually(async () => expect(watched).toEqual(['away', 'back']), 5000);
    // Not before the connection had held for the grace period.
    expect(Date.now() - backAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(store.away).toBe(false);

    // Rate limits are shared again, from Redis's own window: the in-memory counts of the outage are dropped (per
    // instance during an outage, docs/DECISIONS.md), not added to the shared window.
    expect((await hits(rate, 1))[0].remaining).toBe(296);
    // Quotas come back by re-seeding from the ledger (QuotaAuthority, told `back`): the background 'replace' runs
    // again and counting goes on from the ledger's figure, which holds what was charged meanwhile.
    const quota = newKey('quota');
    await store.seedQuota(quota, { used: 3, version: 1 }, 60, 'if-absent');
    const reseeded = await store.seedQuota(quota, { used: 9, version: 4 }, 60, 'replace');
    expect(reseeded).toMatchObject({ used: 9 });
    expect(await store.incrementIfBelow(quota, null, 1)).toMatchObject({ used: 10 });
    expect(await direct.hget(`lrs:${quota}`, 'u')).toBe('10');
  });

  it('a Redis that comes back and drops again within the grace period never serves (a flapping Redis)', async () => {
    await cut('refuse');
    proxy.restore();
    const redis = module.get<Redis>(REDIS);
    await eventually(async () => expect(redis.status).toBe('ready'), 5000);
    proxy.cut('refuse'); // before the grace period has passed
    await eventually(async () => expect(redis.status).not.toBe('ready'), 2000);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2));
    expect(store.away).toBe(true);
    expect(watched).toEqual(['away']);
    expect(await store.incrementIfBelow(newKey('quota'), null, 1)).toBe('unavailable');
  });
});
