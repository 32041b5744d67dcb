import type Redis from 'ioredis';
import { newAdmin, newTokenHolder } from './support/fixtures';
import { http, Http, TestResponse } from './support/http';
import { connectTestRedis, testRedisUrl } from './support/redis';
import { CutMode, startTcpProxy, TcpProxy, throughProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import { eventually, timed } from './support/timing';
import { errorBody, Messages } from './support/contract-errors';

const QUOTA = errorBody.forbidden(Messages.quotaExceeded);

/**
 * Redis goes away under a running instance (its connection cut by a TCP proxy; the shared Redis keeps running for
 * everyone else): no request waits on it. Metered requests go on at their usual latency, the quota decided in
 * PostgreSQL's ledger, readiness answers `degraded` at once, and when Redis is back (and has stayed so for the
 * recovery grace) its counters are re-seeded with what was charged meanwhile.
 */
describe('Redis outage (through a TCP proxy)', () => {
  let proxy: TcpProxy;
  let redis: Redis;
  let app: TestApp;
  let api: Http;
  let adminJwt: string;

  function percentile(sorted: number[], p: number): number {
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  }

  /** The shared quota counter of an account this month, read from Redis directly. */
  async function sharedCounter(accountId: string): Promise<number | null> {
    const value = await redis.hget(`lrs:quota.v2:${accountId}:${new Date().toISOString().slice(0, 7)}`, 'u');
    return value === null ? null : Number(value);
  }

  function quotaRemaining(res: TestResponse): number {
    expect(res.headers.get('x-quota-remaining')).not.toBeNull();
    return Number(res.headers.get('x-quota-remaining'));
  }

  /** A new token holder on a license of its own. */
  async function holderWithQuota(name: string, monthlyQuota: number) {
    const put = await api.put(`/admin/licenses/${name}`, {
      jwt: adminJwt,
      body: { monthlyQuota, perSecond: 1000, perMinute: 100000, perHour: 1000000 },
    });
    expect(put.status).toBe(200);
    const holder = await newTokenHolder(api, name);
    const patch = await api.patch(`/admin/accounts/${holder.id}`, { jwt: adminJwt, body: { license: name } });
    expect(patch.status).toBe(200);
    return holder;
  }

  beforeAll(async () => {
    redis = await connectTestRedis();
    const target = new URL(testRedisUrl());
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    app = await createTestApp({ REDIS_URL: throughProxy(testRedisUrl(), proxy) });
    api = http(app.baseUrl);
    adminJwt = (await newAdmin(app, api)).jwt;
  });

  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
    redis?.disconnect();
  });

  // A failed outage test must not leave the next one starting with Redis cut off.
  afterEach(async () => {
    proxy.restore(); // a no-op after a test that passed
    await eventually(async () => {
      expect((await api.get('/health/ready')).body.details.redis.quotas).toBe('redis');
    }, 10_000);
  });

  async function outage(mode: CutMode) {
    const roomy = await holderWithQuota(`roomy-${mode}`, 100_000);
    const tiny = await holderWithQuota(`tiny-${mode}`, 8);
    // Before: both counters live in Redis.
    const first = await api.get('/lottery/fr_lotto', { token: roomy.token });
    expect(first.status).toBe(200);
    let remaining = quotaRemaining(first);
    expect(remaining).toBe(100_000 - 1);
    expect((await api.get('/lottery/fr_lotto', { token: tiny.token })).status).toBe(200);
    expect(await sharedCounter(roomy.id)).toBe(1);
    expect(await sharedCounter(tiny.id)).toBe(1);
    const expected = await api.get('/lottery/fr_lotto/draw/latest/numbers', { token: roomy.token });
    expect(expected.status).toBe(200);
    remaining -= 1;
    let roomyUsed = 2;

    proxy.cut(mode);
    const cutAt = Date.now();

    // 1. Readiness answers at once: degraded, Redis down.
    const ready = await timed(() => api.get('/health/ready'));
    console.log(`[redis ${mode}] /health/ready answered in ${ready.ms} ms: ${ready.result.text}`);
    expect(ready.result.status).toBe(200);
    expect(ready.result.body.status).toBe('degraded');
    expect(ready.result.body.details.redis.status).toBe('down');
    expect(ready.result.body.details.database.status).toBe('up');
    expect(ready.ms).toBeLessThan(1000);

    // 2. Metered requests: all answered, at the usual latency, the quota counted on from PostgreSQL's figure.
    const latencies: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const { result: res, ms } = await timed(() =>
        api.get('/lottery/fr_lotto/draw/latest/numbers', { token: roomy.token }),
      );
      latencies.push(ms);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: expected.body });
      expect(quotaRemaining(res)).toBe(remaining - 1);
      remaining -= 1;
      roomyUsed += 1;
    }
    // The first request after the cut may carry the switch to the ledger (this instance writes what it counted in
    // Redis first): bounded by the route's 2 s timeout. Every later one runs at the usual latency.
    const [switching, ...settled] = latencies;
    settled.sort((a, b) => a - b);
    console.log(
      `[redis ${mode}] 60 metered requests ${Date.now() - cutAt} ms after the cut: first ${switching} ms; then ` +
        `p50 ${percentile(settled, 0.5)} ms, p95 ${percentile(settled, 0.95)} ms, ` +
        `max ${settled[settled.length - 1]} ms`,
    );
    expect(switching).toBeLessThan(2000);
    expect(settled[settled.length - 1]).toBeLessThan(1000);
    expect(percentile(settled, 0.5)).toBeLessThan(250);

    // 3. The quota holds, decided in PostgreSQL: 7 more for the license of 8, then the quota 403.
    const tinyStatuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await api.get('/lottery/fr_lotto', { token: tiny.token });
      tinyStatuses.push(res.status);
      if (res.status === 403) expect(res.body).toEqual(QUOTA);
    }
    expect(tinyStatuses).toEqual([200, 200, 200, 200, 200, 200, 200, 403, 403, 403]);

    // 4. Redis is back: readiness ok, and the shared counters include what was counted meanwhile.
    proxy.restore();
    const restoredAt = Date.now();
    const readyMs = await eventually(async () => {
      const res = await api.get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
    }, 10_000);
    const reconcileMs = await eventually(async () => {
      expect(await sharedCounter(roomy.id)).toBe(roomyUsed);
      expect(await sharedCounter(tiny.id)).toBe(8);
      // Re-seeded, and the quotas back in Redis (not merely the counters written).
      expect((await api.get('/health/ready')).body.details.redis.quotas).toBe('redis');
    }, 5000);
    console.log(
      `[redis ${mode}] after restore: readiness ok after ${readyMs} ms, counters reconciled ` +
        `(${roomyUsed} and 8) after ${Date.now() - restoredAt} ms (${reconcileMs} ms past readiness)`,
    );
    // Counting goes on in Redis, from the reconciled figure.
    const after = await api.get('/lottery/fr_lotto', { token: roomy.token });
    expect(after.status).toBe(200);
    expect(quotaRemaining(after)).toBe(remaining - 1);
    expect(await sharedCounter(roomy.id)).toBe(roomyUsed + 1);
    expect((await api.get('/lottery/fr_lotto', { token: tiny.token })).status).toBe(403);
  }

  it('Redis down (connections refused): requests go on at once, the quota decided in PostgreSQL, re-seeded after', () =>
    outage('refuse'));

  it('Redis unreachable (connections blackholed): the same', () => outage('blackhole'));

  it('Redis hangs (its open connection silently stops answering): the same', () => outage('freeze'));
});
