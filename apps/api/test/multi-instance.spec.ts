import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';
import { newAdmin, newTokenHolder } from './support/fixtures';
import { connectTestRedis, testRedisUrl } from './support/redis';
import { errorBody, Messages } from './support/contract-errors';

const QUOTA = errorBody.forbidden(Messages.quotaExceeded);

// Several instances behind a load balancer share PostgreSQL and Redis (REDIS_URL, else the local Redis: every
// machine of ours runs one; the set-up fails loudly when it does not answer).
describe('two instances sharing PostgreSQL and Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let a: Http;
  let b: Http;

  beforeAll(async () => {
    (await connectTestRedis()).disconnect();
    first = await createTestApp({ REDIS_URL: testRedisUrl() });
    second = await createTestApp({ REDIS_URL: testRedisUrl() }, { shareDatabaseWith: first });
    a = http(first.baseUrl);
    b = http(second.baseUrl);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('enforce one exact quota across both: N of a concurrent burst get through, never N+1', async () => {
    const admin = await newAdmin(first, a);
    expect(
      (
        await a.put('/admin/licenses/shared12', {
          jwt: admin.jwt,
          body: { monthlyQuota: 12, perSecond: 1000, perMinute: 100000, perHour: 1000000 },
        })
      ).status,
    ).toBe(200);
    const holder = await newTokenHolder(a);
    await a.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license: 'shared12' } });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).get('/lotteries?limit=0', { token: holder.token }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 403)).toHaveLength(28);
    expect(burst.find((r) => r.status === 403)?.body).toEqual(QUOTA);
  });

  it("share one account rate window: a license's per-minute limit holds across both", async () => {
    const admin = await newAdmin(first, a);
    await a.put('/admin/licenses/shared-rate7', {
      jwt: admin.jwt,
      body: { monthlyQuota: null, perSecond: 1000, perMinute: 7, perHour: 1000000 },
    });
    const holder = await newTokenHolder(a);
    await a.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license: 'shared-rate7' } });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).get('/lotteries?limit=0', { token: holder.token }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(7);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(13);
  });

  // Revocations and rolls across instances follow the database's change feed, not Redis: see
  // server-engine/change-feed.spec.ts (two instances with no Redis at all).

  it('report Redis in readiness', async () => {
    const ready = await b.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.details.redis.status).toBe('up');
  });
});
