import { randomBytes } from 'node:crypto';
import { errorBody, Messages } from '../support/contract-errors';
import { newAdmin, newLicensedHolder, PASSWORD, sql, uniqueEmail } from '../support/fixtures';
import { http, Http, TestResponse } from '../support/http';
import { PrivateRedis, startPrivateRedis } from '../support/private-redis';
import { startTcpProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { serverBaseUrl } from '../support/test-engine';
import { eventually, timed } from '../support/timing';

const UNAVAILABLE = errorBody.serviceUnavailable(Messages.databaseUnavailable);
const ROUNDS = 3;
/** How long each partition lasts: longer than the 3 s query bound, so that every write meets it. */
const PARTITION_MS = 6_000;
const NEW_PASSWORD = 'a brand new passphrase 42';

/**
 * One of two instances is cut off from PostgreSQL as a network partition does it: its connections stay open and
 * what it sends is held, not refused, then delivered when the link heals (a TCP proxy in `hold` mode). The other
 * instance, and Redis, stay reachable. Every request to the cut instance is answered within 5 s; what needs the
 * database gets the contract's 503, and none of it reaches the database afterwards (the held queries arrive at
 * the heal, and their commits are refused there); metered reads with known tokens go on; usage and quota stay
 * exact; readiness goes degraded and comes back. Three rounds, each after several pooled connections were used,
 * so that writes land on swallowed connections as well as on new ones.
 */
describe('a network partition between one instance and PostgreSQL (server)', () => {
  let redis: PrivateRedis;
  let proxy: TcpProxy;
  let cut: TestApp;
  let direct: TestApp;
  let apiCut: Http;
  let apiDirect: Http;
  let adminJwt: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const target = new URL(serverBaseUrl());
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    direct = await createTestApp({ REDIS_URL: redis.url, USAGE_FLUSH_INTERVAL_MS: '200' });
    cut = await createTestApp(
      { REDIS_URL: redis.url, USAGE_FLUSH_INTERVAL_MS: '200' },
      { shareDatabaseWith: direct, connectThrough: (url) => throughProxy(url, proxy) },
    );
    apiCut = http(cut.baseUrl);
    apiDirect = http(direct.baseUrl);
    adminJwt = (await newAdmin(direct, apiDirect)).jwt;
  });

  afterAll(async () => {
    proxy?.restore();
    await cut?.close();
    await direct?.close();
    await proxy?.close();
    await redis?.dispose();
  });

  async function usage(accountId: string): Promise<number> {
    const [row]: { used: number }[] = await sql(
      direct,
      'SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily WHERE account_id = $1',
      [accountId],
    );
    return row.used;
  }

  for (let round = 1; round <= ROUNDS; round += 1) {
    it(`round ${round}: writes answer 503 within 5 s and never land; reads, usage and health hold`, async () => {
      const holder = await newLicensedHolder(apiDirect, adminJwt, `partition-${round}`, {
        monthlyQuota: 100_000,
      });
      // A second account whose password the cut instance is asked to change (and must not).
      const owner = await newLicensedHolder(apiDirect, adminJwt, `partition-owner-${round}`, {
        monthlyQuota: 100_000,
      });
      const read = `/lottery/fr_lotto/draws?limit=3`;
      let charged = 0;
      // The token and its month counter known to the cut instance; several pooled connections in use at once.
      for (const api of [apiCut, apiDirect]) {
        expect((await api.get(read, { token: holder.token })).status).toBe(200);
        charged += 1;
      }
      const warm = await Promise.all(
        Array.from({ length: 6 }, () => apiCut.get('/profile/token', { jwt: holder.jwt })),
      );
      expect(warm.map((res) => res.status)).toEqual(Array(6).fill(200));
      await eventually(async () => expect(await usage(holder.id)).toBe(charged), 5_000);

      proxy.cut('hold');
      const started = Date.now();
      const tokenIds = [0, 1, 2].map((i) => `held-${round}-${i}-${randomBytes(2).toString('hex')}`);
      const emails = [0, 1].map(() => uniqueEmail(`held-${round}`));
      const writes: Array<Promise<{ name: string; result: TestResponse; ms: number }>> = [
        ...tokenIds.map((id) =>
          named(`token ${id}`, () =>
            apiCut.post('/profile/token', { jwt: holder.jwt, body: { id, description: 'during the cut' } }),
          ),
        ),
        ...emails.map((email) =>
          named(`register ${email}`, () =>
            apiCut.post('/auth/register', { body: { email, password: PASSWORD } }),
          ),
        ),
        named('log-in', () =>
          apiCut.post('/auth/login', { body: { email: owner.email, password: PASSWORD } }),
        ),
        named('password change', () =>
          apiCut.put('/profile/password', {
            jwt: owner.jwt,
            body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
          }),
        ),
      ];

      // Meanwhile, metered reads with the known token, and readiness.
      const latencies: number[] = [];
      let degradedSeen = false;
      while (Date.now() - started < PARTITION_MS) {
        const { result, ms } = await timed(() => apiCut.get(read, { token: holder.token }));
        expect(result.status).toBe(200);
        latencies.push(ms);
        charged += 1;
        if (!degradedSeen && latencies.length % 10 === 0) {
          const ready = await apiCut.get('/health/ready');
          degradedSeen = ready.body?.status === 'degraded';
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answered = await Promise.all(writes);
      proxy.restore();
      const healed = Date.now();

      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.floor(latencies.length * 0.99)];
      console.log(
        `[partition round ${round}] ${latencies.length} reads: p50 ${latencies[latencies.length >> 1]} ms, ` +
          `p99 ${p99} ms; writes: ${answered.map((w) => `${w.name.split(' ')[0]} ${w.result.status} ${w.ms} ms`).join(', ')}`,
      );
      expect(degradedSeen).toBe(true);
      for (const { name, result, ms } of answered) {
        expect({ name, status: result.status, body: result.body }).toEqual({
          name,
          status: 503,
          body: UNAVAILABLE,
        });
        expect(ms).toBeLessThan(5_000);
      }
      expect(p99).toBeLessThan(1_000);

      const readyMs = await eventually(async () => {
        const res = await apiCut.get('/health/ready');
        expect(res.body?.status).toBe('ok');
      }, 10_000);
      console.log(
        `[partition round ${round}] readiness ok ${Date.now() - healed} ms after the heal (${readyMs} ms polling)`,
      );

      // The held queries have reached the server by now (delivered at the heal); give them a moment more.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const tokens = await sql(direct, 'SELECT id FROM api_tokens WHERE id = ANY($1)', [tokenIds]);
      expect(tokens).toEqual([]);
      const accounts = await sql(direct, 'SELECT email FROM accounts WHERE email = ANY($1)', [emails]);
      expect(accounts).toEqual([]);
      // The password is the old one: it logs in (through either instance), the new one does not.
      const old = await apiDirect.post('/auth/login', { body: { email: owner.email, password: PASSWORD } });
      expect(old.status).toBe(200);
      const renewed = await apiDirect.post('/auth/login', {
        body: { email: owner.email, password: NEW_PASSWORD },
      });
      expect(renewed.status).toBe(401);

      // Every read was charged once: in PostgreSQL and in the quota both instances see.
      await eventually(async () => expect(await usage(holder.id)).toBe(charged), 10_000);
      const after = await apiDirect.get(read, { token: holder.token });
      charged += 1;
      expect(
        Number(after.headers.get('x-quota-limit')) - Number(after.headers.get('x-quota-remaining')),
      ).toBe(charged);
      // And the cut instance writes again.
      const created = await apiCut.post('/profile/token', {
        jwt: holder.jwt,
        body: { id: `after-${round}`, description: 'after the heal' },
      });
      expect(created.status).toBe(201);
    }, 60_000);
  }
});

async function named(
  name: string,
  run: () => Promise<TestResponse>,
): Promise<{ name: string; result: TestResponse; ms: number }> {
  return { name, ...(await timed(run)) };
}
