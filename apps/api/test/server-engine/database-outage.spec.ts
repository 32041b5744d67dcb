import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { ChangeFeed } from '../../src/modules/change-feed/change-feed.service';
import { newTokenHolder, PASSWORD, sql } from '../support/fixtures';
import { http, Http, TestResponse } from '../support/http';
import { startTcpProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { serverBaseUrl } from '../support/test-engine';
import { eventually, timed } from '../support/timing';
import { errorBody, Messages } from '../support/contract-errors';

/** The contract body of a database outage (a 503 with Retry-After, never a 500). */
const UNAVAILABLE = errorBody.serviceUnavailable(Messages.databaseUnavailable);

/**
 * PostgreSQL goes away under a running instance (its connections cut by a TCP proxy, the shared server untouched):
 * metered reads go on from the in-memory catalog, cached credentials and counters; what needs the database answers
 * a quick 503; readiness says `degraded`; usage counted meanwhile reaches PostgreSQL once it is back, without a
 * restart. A server only: the embedded engine lives in the process and cannot go away on its own.
 */
describe('PostgreSQL outage (server, through a TCP proxy)', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let api: Http;
  let holder: { id: string; jwt: string; token: string; email: string };
  /** What the reads answer while the database is up, to compare against during the outage. */
  const baseline = new Map<string, unknown>();
  /**
   * A lottery's `hoursBehind` moves on with the clock (a tenth every 6 minutes), so a run that straddles such a
   * step saw it change: the answers are compared without it.
   */
  const timeless = (body: unknown): unknown =>
    JSON.parse(JSON.stringify(body), (key, value: unknown) => (key === 'hoursBehind' ? undefined : value));
  const READS = [
    '/lottery/fr_lotto',
    '/lottery/fr_lotto/draw/latest/numbers',
    '/lottery/fr_lotto/draws?limit=3',
    '/lotteries?limit=2',
  ];
  /** Metered requests this account has made (every one a 200, so every one charged). */
  let charged = 0;

  /** The account's usage in PostgreSQL (read directly, not through the proxy). */
  async function usageInDatabase(): Promise<number> {
    const client = new Client({ connectionString: app.databaseUrl! });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily WHERE account_id = $1',
        [holder.id],
      );
      return rows[0].used;
    } finally {
      await client.end();
    }
  }

  function quotaRemaining(res: TestResponse): number {
    const value = res.headers.get('x-quota-remaining');
    expect(value).not.toBeNull();
    return Number(value);
  }

  beforeAll(async () => {
    const target = new URL(serverBaseUrl());
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    // A short credentials TTL: the cached token and account expire during the outage, so the reads below prove
    // that the last known state is served when a reload fails (not merely that nothing was reloaded).
    app = await createTestApp(
      { CREDENTIALS_CACHE_TTL_MS: '300' },
      { connectThrough: (url) => throughProxy(url, proxy) },
    );
    api = http(app.baseUrl);
    holder = await newTokenHolder(api, 'outage');
    // Limits that the reads below stay well within (the seeded licenses allow 20 a second).
    await sql(
      app,
      `INSERT INTO licenses (name, monthly_quota, per_second, per_minute, per_hour) VALUES ('outage', 100000, 1000, 100000, 1000000)`,
    );
    await sql(app, `UPDATE accounts SET license_name = 'outage' WHERE id = $1`, [holder.id]);
    await app.running.app.get(ChangeFeed).publish({ type: 'account.changed', accountId: holder.id });
    // Warm the token and the month's counter: one request of each route.
    for (const path of READS) {
      const res = await api.get(path, { token: holder.token });
      expect(res.status).toBe(200);
      baseline.set(path, timeless(res.body));
      charged += 1;
    }
    await eventually(async () => expect(await usageInDatabase()).toBe(charged), 5000);
  });

  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
  });

  it('serves metered reads, refuses what needs the database with a quick 503, and catches up when it returns', async () => {
    const before = await api.get(READS[0], { token: holder.token });
    expect(before.status).toBe(200);
    charged += 1;
    let remaining = quotaRemaining(before);
    const quotaLimit = Number(before.headers.get('x-quota-limit'));

    proxy.cut('refuse');
    const outageStarted = Date.now();

    // 1. Metered reads: the same answers, each charged once, for longer than the credentials TTL.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let reads = 0;
    while (Date.now() - outageStarted < 1500 || reads < 20) {
      const path = READS[reads % READS.length];
      const { result: res, ms } = await timed(() => api.get(path, { token: holder.token }));
      latencies.push(ms);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect({ path, status: res.status, body: timeless(res.body) }).toEqual({
        path,
        status: 200,
        body: baseline.get(path),
      });
      expect(Number(res.headers.get('x-quota-limit'))).toBe(quotaLimit);
      expect(quotaRemaining(res)).toBe(remaining - 1);
      expect(res.headers.get('x-quota-reset')).toBeTruthy();
      remaining -= 1;
      reads += 1;
      charged += 1;
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `[database outage] ${reads} metered reads during ${Date.now() - outageStarted} ms: statuses ` +
        `${JSON.stringify(Object.fromEntries(statuses))}, p50 ${latencies[latencies.length >> 1]} ms, ` +
        `max ${latencies[latencies.length - 1]} ms`,
    );

    // Should a 500 come instead, the test prints what the service logged for it.
    const logged = jest.spyOn(Logger.prototype, 'error');
    // 2. What needs the database: a quick 503 with the contract body and Retry-After, not a 500.
    const profile = await timed(() => api.get('/profile/token', { jwt: holder.jwt }));
    const login = await timed(() =>
      api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } }),
    );
    // Shaped like an issued secret, so that it is looked up (a malformed one is refused without the database).
    const neverIssued = 'lr_' + 'NeverIssued'.padEnd(32, '0');
    const unknownToken = await timed(() => api.get(READS[0], { token: neverIssued }));
    console.log(
      `[database outage] 503 after: /profile/token ${profile.ms} ms, /auth/login ${login.ms} ms, ` +
        `unknown token ${unknownToken.ms} ms`,
    );
    const unexpected = logged.mock.calls.filter((call) => String(call[0]).startsWith('Unexpected'));
    if (unexpected.length) console.log('[database outage] unexpected errors:', unexpected);
    logged.mockRestore();
    for (const { result, ms } of [profile, login, unknownToken]) {
      expect({ status: result.status, body: result.body }).toEqual({ status: 503, body: UNAVAILABLE });
      expect(result.headers.get('retry-after')).toBe('5');
      expect(result.headers.get('content-type')).toMatch(/^application\/json/);
      expect(ms).toBeLessThan(2500);
    }

    // 3. Readiness: degraded (reads are served), at once.
    const ready = await timed(() => api.get('/health/ready'));
    console.log(`[database outage] /health/ready answered in ${ready.ms} ms: ${ready.result.text}`);
    expect(ready.result.status).toBe(200);
    expect(ready.result.body.status).toBe('degraded');
    expect(ready.result.body.details.database.status).toBe('down');
    expect(ready.result.body.details.catalog.status).toBe('up');
    expect(ready.ms).toBeLessThan(2000);

    // 4. Nothing that failed was billed: the next read is exactly one more than the successful ones.
    const after503s = await api.get(READS[1], { token: holder.token });
    expect(after503s.status).toBe(200);
    expect(quotaRemaining(after503s)).toBe(remaining - 1);
    remaining -= 1;
    charged += 1;
    expect(quotaLimit - remaining).toBe(charged);

    // 5. The database returns: no restart, usage counted meanwhile reaches PostgreSQL, readiness is ok again.
    proxy.restore();
    const restored = Date.now();
    const usageMs = await eventually(async () => expect(await usageInDatabase()).toBe(charged), 5000);
    const readyMs = await eventually(async () => {
      const res = await api.get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
    }, 5000);
    const tokens = await api.get('/profile/token', { jwt: holder.jwt });
    console.log(
      `[database outage] after restore: usage (${charged}) in usage_daily after ${usageMs} ms, ` +
        `readiness ok after ${readyMs} ms, /profile/token ${tokens.status} after ${Date.now() - restored} ms`,
    );
    expect(tokens.status).toBe(200);
    const read = await api.get(READS[0], { token: holder.token });
    expect(read.status).toBe(200);
    expect(quotaRemaining(read)).toBe(remaining - 1);
    charged += 1;
  });

  it('a hung database (connections blackholed) holds up no metered read; what needs it answers 503', async () => {
    const before = await api.get(READS[0], { token: holder.token });
    expect(before.status).toBe(200);
    charged += 1;
    let remaining = quotaRemaining(before);

    proxy.cut('blackhole');
    const outageStarted = Date.now();
    const latencies: number[] = [];
    let reads = 0;
    // Longer than the credentials TTL plus the stale-retry pause, so reloads are attempted and hang.
    while (Date.now() - outageStarted < 3000) {
      const path = READS[reads % READS.length];
      const { result: res, ms } = await timed(() => api.get(path, { token: holder.token }));
      latencies.push(ms);
      expect({ path, status: res.status, body: timeless(res.body) }).toEqual({
        path,
        status: 200,
        body: baseline.get(path),
      });
      expect(quotaRemaining(res)).toBe(remaining - 1);
      remaining -= 1;
      reads += 1;
      charged += 1;
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `[database hung] ${reads} metered reads during ${Date.now() - outageStarted} ms: ` +
        `p50 ${latencies[latencies.length >> 1]} ms, max ${latencies[latencies.length - 1]} ms`,
    );
    expect(latencies[latencies.length - 1]).toBeLessThan(1000);

    const ready = await timed(() => api.get('/health/ready'));
    const profile = await timed(() => api.get('/profile/token', { jwt: holder.jwt }));
    console.log(
      `[database hung] /health/ready ${ready.result.status} ${ready.result.body?.status} in ${ready.ms} ms; ` +
        `/profile/token ${profile.result.status} in ${profile.ms} ms`,
    );
    expect(ready.result.status).toBe(200);
    expect(ready.result.body.status).toBe('degraded');
    expect(ready.ms).toBeLessThan(2000);
    expect({ status: profile.result.status, body: profile.result.body }).toEqual({
      status: 503,
      body: UNAVAILABLE,
    });
    expect(profile.result.headers.get('retry-after')).toBe('5');
    // Bounded by the pool's connection timeout on a server (3 s, database/data-source-options.ts); it was 10 s.
    expect(profile.ms).toBeLessThan(4_500);

    proxy.restore();
    const usageMs = await eventually(async () => expect(await usageInDatabase()).toBe(charged), 15000);
    console.log(`[database hung] after restore: usage (${charged}) in usage_daily after ${usageMs} ms`);
    await eventually(async () => {
      expect((await api.get('/profile/token', { jwt: holder.jwt })).status).toBe(200);
    }, 15000);
  }, 60000);
});
