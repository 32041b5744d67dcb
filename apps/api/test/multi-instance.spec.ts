import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';
import { newAdmin, newTokenHolder } from './support/fixtures';

const QUOTA = {
  code: 403,
  error: 'Forbidden',
  message: 'You have exceeded your licence quota for this month. Wait next month or upgrade your license.',
};

// Several instances behind a load balancer share PostgreSQL and Redis (REDIS_URL, set by .ci/run).
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  describe('two instances sharing PostgreSQL and Redis', () => {
    let first: TestApp;
    let second: TestApp;
    let a: Http;
    let b: Http;

    beforeAll(async () => {
      first = await createTestApp({ REDIS_URL: redisUrl });
      second = await createTestApp({ REDIS_URL: redisUrl }, { shareDatabaseWith: first });
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

    it('see a revocation made on the other instance on the very next request', async () => {
      const holder = await newTokenHolder(a);
      expect((await b.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200); // cached on b
      const tokens = await a.get('/profile/token', { jwt: holder.jwt });
      expect((await a.delete(`/profile/token/${tokens.body.tokens[0].id}`, { jwt: holder.jwt })).status).toBe(
        204,
      );
      // Pub/sub delivery is asynchronous: allow it the time of a round trip to Redis.
      await new Promise((r) => setTimeout(r, 50));
      expect((await b.get('/lotteries?limit=0', { token: holder.token })).status).toBe(401);
    });

    it('report Redis in readiness', async () => {
      const ready = await b.get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.redis.status).toBe('up');
    });
  });
} else {
  it('multi-instance tests need REDIS_URL (set by .ci/run)', () => {
    expect(process.env.CI).toBeFalsy(); // in CI, REDIS_URL must be set so these tests run
  });
}
