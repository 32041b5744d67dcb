import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiProcess, startApiProcess } from '../support/api-process';
import { errorBody, Messages } from '../support/contract-errors';
import { newAdmin, newTokenHolder, sql } from '../support/fixtures';
import { http, Http } from '../support/http';
import { PrivateRedis, startPrivateRedis } from '../support/private-redis';
import { type CutMode, startTcpProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

const QUOTA = errorBody.forbidden(Messages.quotaExceeded);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issues 19 and 35: the monthly quota stays exact and no usage is lost when Redis fails, for every instance or for
 * one. Instances share PostgreSQL and a redis-server of the test's own (each through a TCP proxy of its own), which
 * the test shuts down (its data lost), starts again empty or from an older snapshot, flaps, or cuts off from all
 * instances or from one (the proxies: Redis keeps its data). While Redis is away from any instance the quota is
 * decided by one atomic counter in PostgreSQL for all of them; when it is back, its counters are re-seeded so that
 * no unit is lost or counted twice.
 */
describe('quota and usage through Redis failures (two instances, a Redis of their own)', () => {
  let redis: PrivateRedis;
  let proxyA: TcpProxy;
  let proxyB: TcpProxy;
  /** Cuts or restores both instances' links to Redis. */
  const proxy = {
    cut: (mode: CutMode) => [proxyA, proxyB].forEach((p) => p.cut(mode)),
    restore: () => [proxyA, proxyB].forEach((p) => p.restore()),
  };
  let a: TestApp;
  let b: TestApp;
  let apiA: Http;
  let apiB: Http;
  let adminJwt: string;
  let processC: ApiProcess | undefined;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    proxyA = await startTcpProxy('127.0.0.1', redis.port);
    proxyB = await startTcpProxy('127.0.0.1', redis.port);
    a = await createTestApp({ REDIS_URL: throughProxy(redis.url, proxyA) });
    b = await createTestApp({ REDIS_URL: throughProxy(redis.url, proxyB) }, { shareDatabaseWith: a });
    apiA = http(a.baseUrl);
    apiB = http(b.baseUrl);
    adminJwt = (await newAdmin(a, apiA)).jwt;
  });

  afterAll(async () => {
    await processC?.stop('SIGKILL');
    await b?.close();
    await a?.close();
    await proxyA?.close();
    await proxyB?.close();
    await redis?.dispose();
  });

  /** A token holder on a license of its own: `monthlyQuota` (null = none), rate limits out of the way. */
  async function holder(label: string, monthlyQuota: number | null) {
    const name = `${label}-${Date.now().toString(36)}`;
    const put = await apiA.put(`/admin/licenses/${name}`, {
      jwt: adminJwt,
      body: { monthlyQuota, perSecond: 10_000, perMinute: 1_000_000, perHour: 10_000_000 },
    });
    expect(put.status).toBe(200);
    const account = await newTokenHolder(apiA, label);
    const patch = await apiA.patch(`/admin/accounts/${account.id}`, {
      jwt: adminJwt,
      body: { license: name },
    });
    expect(patch.status).toBe(200);
    return account;
  }

  /**
   * A client that sends metered reads at a steady pace (about 20 a second), alternating over `apis`, until stopped;
   * it counts the 200s it saw. A request an instance could not take (it was stopped) is not an answer.
   */
  function steadyClient(token: string, apis: () => Http[]) {
    let running = true;
    let ok = 0;
    const others: string[] = [];
    const done = (async () => {
      for (let i = 0; running; i += 1) {
        const targets = apis();
        const res = await targets[i % targets.length]
          .get('/lottery/fr_lotto/draw/latest/numbers', { token })
          .catch((error: Error) => ({ status: 0, text: error.message }));
        if (res.status === 200) ok += 1;
        else if (res.status !== 0) others.push(`${res.status} ${res.text}`);
        await sleep(50);
      }
    })();
    return {
      async stop() {
        running = false;
        await done;
        return { ok, others };
      },
    };
  }

  /** `used` of the account's current month as both instances report it, the ledger, and the daily counts. */
  async function usageEverywhere(jwt: string, accountId: string) {
    const [fromA, fromB] = await Promise.all([
      apiA.get('/profile/usage', { jwt }),
      apiB.get('/profile/usage', { jwt }),
    ]);
    const [daily] = await sql(
      a,
      `SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily
        WHERE account_id = $1 AND day >= date_trunc('month', now())`,
      [accountId],
    );
    return { a: fromA.body.used, b: fromB.body.used, daily: daily.used };
  }

  async function ledgerUsed(accountId: string): Promise<number> {
    const [row] = await sql(
      a,
      `SELECT COALESCE(SUM(used), 0)::int AS used FROM usage_monthly
        WHERE account_id = $1 AND month = date_trunc('month', now())::date`,
      [accountId],
    );
    return row.used;
  }

  /** Where each instance counts quota units now, as its readiness says. */
  async function quotaRoutes(): Promise<string[]> {
    return Promise.all(
      [apiA, apiB].map(async (api) => (await api.get('/health/ready')).body.details.redis.quotas),
    );
  }

  /** Both instances reach Redis again, and the counters have returned to it (re-seeded, on every instance). */
  async function redisBackOnBoth() {
    await eventually(async () => {
      for (const api of [apiA, apiB]) {
        const ready = await api.get('/health/ready');
        expect(ready.body.details.redis.status).toBe('up');
      }
      expect(await quotaRoutes()).toEqual(['redis', 'redis']);
    }, 15_000);
  }

  it('a Redis crash: the quota is decided once for all instances (18 of 40 pass for 20 with 2 used), and after an empty restart nothing is lost', async () => {
    const tight = await holder('q20', 20);
    const bursty = await holder('q25', 25);
    const steady = await holder('steady', null);
    for (const api of [apiA, apiB])
      expect((await api.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
    const client = steadyClient(steady.token, () => [apiA, apiB]);
    await sleep(500);

    await redis.stop(); // its data is gone
    await sleep(300);
    const during: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token });
      during.push(res.status);
      if (res.status === 403) expect(res.body).toEqual(QUOTA);
    }
    console.log(`[redis crash] quota 20 with 2 used, 40 requests during the outage: ${during.join(' ')}`);
    expect(during).toEqual([...Array(18).fill(200), ...Array(22).fill(403)]);
    // A concurrent burst over both instances: the charges go to PostgreSQL in batches, and exactly the quota passes.
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: bursty.token }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(25);
    expect(burst.filter((r) => r.status === 403).map((r) => r.body)).toEqual(Array(35).fill(QUOTA));

    await redis.start(); // empty
    await redisBackOnBoth();
    const after: number[] = [];
    for (let i = 0; i < 10; i += 1)
      after.push((await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token })).status);
    expect(after).toEqual(Array(10).fill(403));

    const seen = await client.stop();
    expect(seen.others).toEqual([]);
    await eventually(async () => {
      expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 20, b: 20, daily: 20 });
      expect(await usageEverywhere(bursty.jwt, bursty.id)).toEqual({ a: 25, b: 25, daily: 25 });
      expect(await usageEverywhere(steady.jwt, steady.id)).toEqual({
        a: seen.ok,
        b: seen.ok,
        daily: seen.ok,
      });
    }, 10_000);
    console.log(
      `[redis crash] steady client: ${seen.ok} × 200, used ${seen.ok} on both instances and in PostgreSQL`,
    );
    expect(await ledgerUsed(tight.id)).toBe(20);
    expect(await ledgerUsed(steady.id)).toBe(seen.ok);
  });

  it('a flapping Redis (down and up every second for 10 s, empty each time): the quota holds and usage equals the 200s', async () => {
    const tight = await holder('q30', 30);
    const steady = await holder('steady', null);
    const client = steadyClient(steady.token, () => [apiA, apiB]);
    const tightStatuses: number[] = [];
    let flapping = true;
    const tightClient = (async () => {
      for (let i = 0; flapping; i += 1) {
        const res = await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token });
        tightStatuses.push(res.status);
        if (res.status === 403) expect(res.body).toEqual(QUOTA);
        await sleep(100);
      }
    })();
    await sleep(300);
    for (let flap = 0; flap < 5; flap += 1) {
      await redis.stop();
      await sleep(1000);
      await redis.start();
      await sleep(1000);
    }
    flapping = false;
    await tightClient;
    const granted = tightStatuses.filter((s) => s === 200).length;
    console.log(
      `[redis flapping] quota 30: ${granted} × 200 of ${tightStatuses.length}; others ${[...new Set(tightStatuses)]}`,
    );
    expect(tightStatuses.every((s) => s === 200 || s === 403)).toBe(true);
    expect(granted).toBe(30);

    await redisBackOnBoth();
    const seen = await client.stop();
    expect(seen.others).toEqual([]);
    await eventually(async () => {
      expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 30, b: 30, daily: 30 });
      expect(await usageEverywhere(steady.jwt, steady.id)).toEqual({
        a: seen.ok,
        b: seen.ok,
        daily: seen.ok,
      });
    }, 10_000);
    console.log(`[redis flapping] steady client: ${seen.ok} × 200, used ${seen.ok} everywhere`);
    expect(await ledgerUsed(steady.id)).toBe(seen.ok);
  });

  it('an instance stopped (SIGTERM) during an outage loses nothing; Redis comes back with its data', async () => {
    // The third instance is the built server in a process of its own, so that a real SIGTERM ends it.
    const dataDir = mkdtempSync(join(tmpdir(), 'lrs-sigterm-'));
    const c = (processC = await startApiProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: a.databaseUrl ?? '',
      REDIS_URL: throughProxy(redis.url, proxyA),
      LOG_LEVEL: 'warn',
    }));
    const apiC = http(c.baseUrl);
    const steady = await holder('steady', null);
    const tight = await holder('q9', 9);
    let targets = [apiA, apiB, apiC];
    const client = steadyClient(steady.token, () => targets);
    expect((await apiC.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
    await sleep(700);

    proxy.cut('refuse'); // no instance reaches Redis, which keeps its counters as they were
    await sleep(300);
    // Three instances, one quota: 8 more of 15, and every instance reports the same month, the ledger's.
    const during: number[] = [];
    for (let i = 0; i < 15; i += 1)
      during.push((await [apiA, apiB, apiC][i % 3].get('/lottery/fr_lotto', { token: tight.token })).status);
    expect(during).toEqual([...Array(8).fill(200), ...Array(7).fill(403)]);
    await eventually(async () => {
      expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 9, b: 9, daily: 9 });
      expect((await apiC.get('/profile/usage', { jwt: tight.jwt })).body.used).toBe(9);
    });
    await sleep(1500);
    targets = [apiA, apiB];
    expect(await c.stop('SIGTERM')).toBe(0); // drain, write its usage to PostgreSQL, exit
    rmSync(dataDir, { recursive: true, force: true });
    await sleep(2500);
    proxy.restore();

    await redisBackOnBoth();
    const seen = await client.stop();
    expect(seen.others).toEqual([]);
    await eventually(async () => {
      expect(await usageEverywhere(steady.jwt, steady.id)).toEqual({
        a: seen.ok,
        b: seen.ok,
        daily: seen.ok,
      });
      expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 9, b: 9, daily: 9 });
    }, 10_000);
    console.log(
      `[redis cut off, instance stopped] steady client: ${seen.ok} × 200, used ${seen.ok} everywhere`,
    );
    expect(await ledgerUsed(steady.id)).toBe(seen.ok);
  });

  describe('only one instance loses Redis (a partition: packets dropped, no reset)', () => {
    afterEach(() => proxyB.restore()); // a failed test leaves no cut behind

    it('the quota holds across both (18 of 40 pass for 20 with 2 used), health degraded on B only, every 200 counted once', async () => {
      const tight = await holder('q20p', 20);
      const steady = await holder('steady', null);
      for (const api of [apiA, apiB])
        expect((await api.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
      const client = steadyClient(steady.token, () => [apiA, apiB]);
      await sleep(500);

      proxyB.cut('freeze');
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const res = await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token });
        statuses.push(res.status);
        if (res.status === 403) expect(res.body).toEqual(QUOTA);
      }
      console.log(`[partition] quota 20 with 2 used, 40 requests alternating A and B: ${statuses.join(' ')}`);
      expect(statuses.filter((s) => s === 200)).toHaveLength(18);
      expect(statuses.every((s) => s === 200 || s === 403)).toBe(true);
      const [readyA, readyB] = await Promise.all([apiA.get('/health/ready'), apiB.get('/health/ready')]);
      expect([readyA.body.status, readyB.body.status]).toEqual(['ok', 'degraded']);
      expect([readyA.body.details.redis.status, readyB.body.details.redis.status]).toEqual(['up', 'down']);
      await sleep(1000);

      proxyB.restore();
      await redisBackOnBoth();
      const after: number[] = [];
      for (let i = 0; i < 6; i += 1)
        after.push((await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token })).status);
      expect(after).toEqual(Array(6).fill(403));

      const seen = await client.stop();
      expect(seen.others).toEqual([]);
      await eventually(async () => {
        expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 20, b: 20, daily: 20 });
        expect(await usageEverywhere(steady.jwt, steady.id)).toEqual({
          a: seen.ok,
          b: seen.ok,
          daily: seen.ok,
        });
      }, 10_000);
      console.log(
        `[partition] steady client: ${seen.ok} × 200, used ${seen.ok} on both instances and in PostgreSQL`,
      );
      expect(await ledgerUsed(tight.id)).toBe(20);
      expect(await ledgerUsed(steady.id)).toBe(seen.ok);
    });

    it('a quota that runs out during the cut on the instance that still reaches Redis: then refused on both', async () => {
      const tight = await holder('q10p', 10);
      expect((await apiB.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
      expect((await apiA.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
      proxyB.cut('freeze');
      // B notices at its next command, which gets no answer (500 ms); that request is answered all the same.
      expect((await apiB.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
      await eventually(async () => expect(await quotaRoutes()).toEqual(['postgresql', 'postgresql']), 10_000);
      const onA: number[] = [];
      for (let i = 0; i < 10; i += 1)
        onA.push((await apiA.get('/lottery/fr_lotto', { token: tight.token })).status);
      expect(onA).toEqual([...Array(7).fill(200), ...Array(3).fill(403)]);
      const onB = await apiB.get('/lottery/fr_lotto', { token: tight.token });
      expect({ status: onB.status, body: onB.body }).toEqual({ status: 403, body: QUOTA });

      proxyB.restore();
      await redisBackOnBoth();
      for (const api of [apiA, apiB, apiB, apiA])
        expect((await api.get('/lottery/fr_lotto', { token: tight.token })).status).toBe(403);
      await eventually(async () => {
        expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 10, b: 10, daily: 10 });
      }, 10_000);
      expect(await ledgerUsed(tight.id)).toBe(10);
    });
  });

  it('a Redis that comes back from an older snapshot (counters behind the ledger): the quota is never exceeded', async () => {
    const tight = await holder('q20s', 20);
    for (let i = 0; i < 4; i += 1)
      expect((await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
    redis.cli('save'); // the snapshot: 4 used
    for (let i = 0; i < 10; i += 1)
      expect((await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token })).status).toBe(200);
    // Minutes later, as far as the counters go: all 14 written to PostgreSQL.
    await eventually(async () => expect(await ledgerUsed(tight.id)).toBe(14), 10_000);

    await redis.stop(); // a crash; the restart loads the snapshot
    await redis.start();
    expect(redis.cli('hget', `lrs:quota.v2:${tight.id}:${new Date().toISOString().slice(0, 7)}`, 'u')).toBe(
      '4',
    );
    await redisBackOnBoth();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await (i % 2 ? apiB : apiA).get('/lottery/fr_lotto', { token: tight.token })).status);
    console.log(`[redis from a snapshot] quota 20, 14 used, snapshot at 4: ${statuses.join(' ')}`);
    expect(statuses).toEqual([...Array(6).fill(200), ...Array(6).fill(403)]);
    await eventually(async () => {
      expect(await usageEverywhere(tight.jwt, tight.id)).toEqual({ a: 20, b: 20, daily: 20 });
    }, 10_000);
  });
});
