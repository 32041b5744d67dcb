import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';
import { newAccount, newAdmin, newToken, newTokenHolder, sql } from './support/fixtures';
import { Clock } from '../src/common/clock';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';

// The contract's strings, written out literally (spec section 5).
const MISSING_TOKEN = { code: 401, error: 'Unauthorized', message: "Token header 'X-API-Token' missing" };
const UNKNOWN_TOKEN = { code: 401, error: 'Unauthorized', message: 'Invalid bearer authentification' };
const DISABLED = { code: 403, error: 'Forbidden', message: 'Your account has been disabled.' };
const NO_LICENSE = {
  code: 403,
  error: 'Forbidden',
  message: 'Your account does not have the required license. Please purchase a license.',
};
const QUOTA = {
  code: 403,
  error: 'Forbidden',
  message: 'You have exceeded your licence quota for this month. Wait next month or upgrade your license.',
};
const TOO_MANY = { code: 429, error: 'Too Many Requests' };
const TOO_EARLY = {
  code: 401,
  error: 'Bad Request',
  message: 'Invalid request. The draw date cannot be before 1800-01-01.',
};

/** Waits until the current minute has at least `seconds` left, so a burst stays inside one fixed window. */
async function awayFromMinuteBoundary(seconds = 10): Promise<void> {
  const left = 60 - new Date().getUTCSeconds();
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

describe('metered lottery routes: the check chain, quota and rate limits', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };

  /** A license with the given limits, assigned to a new token holder. */
  async function holderWithLicense(
    name: string,
    limits: { monthlyQuota: number | null; perSecond?: number; perMinute?: number; perHour?: number },
  ) {
    const put = await api.put(`/admin/licenses/${name}`, {
      jwt: admin.jwt,
      body: { perSecond: 1000, perMinute: 100000, perHour: 1000000, ...limits },
    });
    expect(put.status).toBe(200);
    const holder = await newTokenHolder(api, name);
    const patch = await api.patch(`/admin/accounts/${holder.id}`, {
      jwt: admin.jwt,
      body: { license: name },
    });
    expect(patch.status).toBe(200);
    return holder;
  }

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
    admin = await newAdmin(app, api);
  });
  afterAll(() => app.close());

  describe('order of checks (contract section 5)', () => {
    it('1: a missing X-API-Token is a 401 (also when empty)', async () => {
      expect(await api.get('/lotteries')).toMatchObject({ status: 401, body: MISSING_TOKEN });
      expect(await api.get('/lotteries', { token: '' })).toMatchObject({ status: 401, body: MISSING_TOKEN });
    });

    it('2: an unknown token is a 401', async () => {
      expect(await api.get('/lotteries', { token: 'lr_unknown' })).toMatchObject({
        status: 401,
        body: UNKNOWN_TOKEN,
      });
    });

    it('3: a disabled account is refused before the license check', async () => {
      const holder = await newTokenHolder(api);
      await api.patch(`/admin/accounts/${holder.id}`, {
        jwt: admin.jwt,
        body: { disabled: true, license: null },
      });
      expect(await api.get('/lotteries', { token: holder.token })).toMatchObject({
        status: 403,
        body: DISABLED,
      });
    });

    it('4: an account without a license is refused', async () => {
      const holder = await newTokenHolder(api);
      await api.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license: null } });
      expect(await api.get('/lotteries', { token: holder.token })).toMatchObject({
        status: 403,
        body: NO_LICENSE,
      });
    });

    it('5 before 6: a used-up quota answers 403 even when the rate limit is also exhausted', async () => {
      await awayFromMinuteBoundary();
      const holder = await holderWithLicense('q2r2', { monthlyQuota: 2, perMinute: 2 });
      for (let i = 0; i < 2; i++)
        expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
      expect(await api.get('/lotteries', { token: holder.token })).toMatchObject({
        status: 403,
        body: QUOTA,
      });
    });

    it('steps 1-6 consume nothing; validation and not-found errors consume one unit each', async () => {
      const holder = await holderWithLicense('q10', { monthlyQuota: 10 });
      await api.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license: null } });
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(403); // step 4: not counted
      await api.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license: 'q10' } });
      expect(
        await api.get('/lottery/us_powerball/draw/1799-12-31/numbers', { token: holder.token }),
      ).toMatchObject({
        status: 400,
        body: TOO_EARLY,
      });
      expect((await api.get('/lottery/no_such_lottery', { token: holder.token })).status).toBe(404);
      const ok = await api.get('/lotteries', { token: holder.token });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-quota-remaining')).toBe('7');
      const usage = await api.get('/profile/usage', { jwt: holder.jwt });
      expect(usage.body).toMatchObject({ used: 3, quota: 10, remaining: 7 });
    });
  });

  describe('monthly quota', () => {
    it('is exact under a concurrent burst: quota N lets exactly N of 3N requests through', async () => {
      const holder = await holderWithLicense('q25', { monthlyQuota: 25 });
      const responses = await Promise.all(
        Array.from({ length: 75 }, () => api.get('/lotteries?limit=0', { token: holder.token })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(25);
      expect(statuses.filter((s) => s === 403)).toHaveLength(50);
      expect(responses.find((r) => r.status === 403)?.body).toEqual(QUOTA);
      const usage = await api.get('/profile/usage', { jwt: holder.jwt });
      expect(usage.body).toMatchObject({ used: 25, quota: 25, remaining: 0 });
    });

    it('sends X-Quota-* headers on metered responses', async () => {
      const holder = await holderWithLicense('q5', { monthlyQuota: 5 });
      const res = await api.get('/lotteries', { token: holder.token });
      expect(res.headers.get('x-quota-limit')).toBe('5');
      expect(res.headers.get('x-quota-remaining')).toBe('4');
      const reset = new Date(res.headers.get('x-quota-reset') ?? '');
      const now = new Date();
      expect(reset.toISOString()).toBe(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      );
    });

    it('resets at 00:00 UTC on the 1st of the next month', async () => {
      const holder = await holderWithLicense('q1', { monthlyQuota: 1 });
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(403);
      const clock = app.running.app.get(Clock);
      const now = new Date();
      const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
      const spy = jest.spyOn(clock, 'now').mockReturnValue(nextMonth);
      try {
        expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
        expect((await api.get('/lotteries', { token: holder.token })).status).toBe(403);
      } finally {
        spy.mockRestore();
      }
    });

    it('is written back to PostgreSQL in batches, with the token last-use time', async () => {
      const holder = await newTokenHolder(api);
      for (let i = 0; i < 3; i++) await api.get('/lotteries?limit=0', { token: holder.token });
      await app.running.app.get(UsageWriteBackService).flush();
      const [row] = await sql(app, 'SELECT SUM(count)::int AS used FROM usage_daily WHERE account_id = $1', [
        holder.id,
      ]);
      expect(row.used).toBe(3);
      const tokens = await api.get('/profile/token', { jwt: holder.jwt });
      expect(tokens.body.tokens[0].lastUsedAt).not.toBeNull();
    });

    it('keeps counting from PostgreSQL after a restart', async () => {
      const holder = await holderWithLicense('q4', { monthlyQuota: 4 });
      for (let i = 0; i < 3; i++)
        expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
      await app.running.app.get(UsageWriteBackService).flush();
      const second = await createTestApp({}, { shareDatabaseWith: app });
      try {
        const api2 = http(second.baseUrl);
        expect((await api2.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
        expect(await api2.get('/lotteries?limit=0', { token: holder.token })).toMatchObject({
          status: 403,
          body: QUOTA,
        });
      } finally {
        await second.close();
      }
    });
  });

  describe('rate limits', () => {
    it('per account: 429 without a message, with Retry-After, X-RateLimit-* and CORS headers', async () => {
      await awayFromMinuteBoundary();
      const holder = await holderWithLicense('r3', { monthlyQuota: null, perMinute: 3 });
      const headers = { Origin: 'https://example.org' };
      const ok = await api.get('/lotteries?limit=0', { token: holder.token, headers });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('3');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe('2');
      expect(Number(ok.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      expect(ok.headers.get('x-quota-limit')).toBeNull(); // unlimited license
      await api.get('/lotteries?limit=0', { token: holder.token });
      await api.get('/lotteries?limit=0', { token: holder.token });
      const refused = await api.get('/lotteries?limit=0', { token: holder.token, headers });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('access-control-allow-origin')).toBeTruthy();
      expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    });

    it('a concurrent burst lets exactly the per-window limit through', async () => {
      await awayFromMinuteBoundary();
      const holder = await holderWithLicense('r5', { monthlyQuota: null, perMinute: 5 });
      const statuses = (
        await Promise.all(
          Array.from({ length: 12 }, () => api.get('/lotteries?limit=0', { token: holder.token })),
        )
      ).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it('per client IP on every route (IP_RATE_LIMIT)', async () => {
      await awayFromMinuteBoundary();
      const limited = await createTestApp({ IP_RATE_LIMIT: '3/m' });
      try {
        const api2 = http(limited.baseUrl);
        const body = { email: 'nobody@example.test', password: 'wrong password' };
        for (let i = 0; i < 3; i++) expect((await api2.post('/auth/login', { body })).status).toBe(401);
        const refused = await api2.post('/auth/login', { body });
        expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
        expect(refused.headers.get('retry-after')).toBeTruthy();
        expect((await api2.get('/health/live')).status).toBe(200); // operations routes are not limited
      } finally {
        await limited.close();
      }
    });
  });

  describe('caching never delays revocation', () => {
    it('a deleted token and a disabled account are refused on the very next request', async () => {
      const account = await newAccount(api);
      const token = await newToken(api, account.jwt, 'revoke-me');
      expect((await api.get('/lotteries', { token })).status).toBe(200);
      expect((await api.delete('/profile/token/revoke-me', { jwt: account.jwt })).status).toBe(204);
      expect(await api.get('/lotteries', { token })).toMatchObject({ status: 401, body: UNKNOWN_TOKEN });

      const other = await newTokenHolder(api);
      expect((await api.get('/lotteries', { token: other.token })).status).toBe(200);
      await api.patch(`/admin/accounts/${other.id}`, { jwt: admin.jwt, body: { disabled: true } });
      expect(await api.get('/lotteries', { token: other.token })).toMatchObject({
        status: 403,
        body: DISABLED,
      });
    });
  });
});
