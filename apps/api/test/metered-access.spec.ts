import { createTestApp, TestApp } from './support/test-app';
import { withAdmin } from './support/test-set-ups';
import { http, Http } from './support/http';
import {
  newAccount,
  newLicensedHolder,
  newToken,
  newTokenHolder,
  sql,
  type TestLicenseLimits,
} from './support/fixtures';
import { Clock } from '../src/common/clock';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';
import { CredentialsCache } from '../src/modules/credentials/credentials-cache.service';
import { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { errorBody, Messages } from './support/contract-errors';
import { answerBeforeBody } from './support/raw-exchange';

// The contract's error bodies (spec section 5).
const MISSING_TOKEN = errorBody.unauthorized(Messages.tokenHeaderMissing);
const UNKNOWN_TOKEN = errorBody.unauthorized(Messages.invalidToken);
const DISABLED = errorBody.forbidden(Messages.accountDisabled);
const NO_LICENSE = errorBody.forbidden(Messages.noLicense);
const QUOTA = errorBody.forbidden(Messages.quotaExceeded);
const TOO_MANY = errorBody.tooManyRequests();
/** A secret no account holds, shaped like an issued one (anything else is refused before any lookup). */
const unknownToken = () => `lr_${randomBytes(16).toString('hex')}`;
const TOO_EARLY = errorBody.badRequest(Messages.drawDateTooEarly);

describe('metered lottery routes: the check chain, quota and rate limits', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };

  /** A license with the given limits, assigned to a new token holder. */
  const holderWithLicense = (name: string, limits: TestLicenseLimits) =>
    newLicensedHolder(api, admin.jwt, name, limits);

  beforeAll(async () => {
    ({ app, api, admin } = await withAdmin());
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

    it('CORS headers only for a browser request (with Origin); preflights allow every method the API has', async () => {
      const holder = await holderWithLicense('c1', { monthlyQuota: null });
      const plain = await api.get('/lotteries?limit=0', { token: holder.token });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
      expect(plain.headers.get('vary')).toBeNull();
      const browser = await api.get('/lotteries?limit=0', {
        token: holder.token,
        headers: { Origin: 'https://example.org' },
      });
      expect(browser.headers.get('access-control-allow-origin')).toBe('https://example.org');
      expect(browser.headers.get('vary')).toContain('Origin');
      // (Routes of a logged-in account answer listed origins only: mcp-admission.spec.)
      const preflight = await fetch(`${app.baseUrl}/lottery/eu_euromillions/check`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    });

    it('a concurrent burst lets exactly the per-window limit through', async () => {
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

  describe('rate limits and abuse', () => {
    it('a 429 consumes no quota (step 6 comes before the charge of step 7)', async () => {
      const holder = await holderWithLicense('r2q10', { monthlyQuota: 10, perMinute: 2 });
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await api.get('/lotteries?limit=0', { token: holder.token })).status);
      expect(statuses).toEqual([200, 200, 429, 429, 429]);
      const usage = await api.get('/profile/usage', { jwt: holder.jwt });
      expect(usage.body).toMatchObject({ used: 2, quota: 10, remaining: 8 });
    });

    it('a burst that straddles a one-second boundary gets no more than the per-second limit', async () => {
      const holder = await holderWithLicense('s10', { monthlyQuota: null, perSecond: 10 });
      const burst = () =>
        Promise.all(Array.from({ length: 15 }, () => api.get('/lotteries?limit=0', { token: holder.token })));
      // 15 requests 5 ms before a second boundary, 15 more 5 ms after it: fixed windows would let 20 through.
      const boundary = (Math.floor(Date.now() / 1000) + 5) * 1000;
      const clock = jest.spyOn(app.running.app.get(Clock), 'now');
      try {
        clock.mockReturnValue(new Date(boundary - 5));
        const before = await burst();
        clock.mockReturnValue(new Date(boundary + 5));
        const after = await burst();
        expect(before.filter((r) => r.status === 200)).toHaveLength(10);
        expect(after.filter((r) => r.status === 200)).toHaveLength(0);
        expect(Number(after[0].headers.get('retry-after'))).toBe(1);
      } finally {
        clock.mockRestore();
      }
    });

    describe('per client IP (IP_RATE_LIMIT)', () => {
      let limited: TestApp;
      let client: Http;
      let holder: { token: string };
      beforeAll(async () => {
        limited = await createTestApp({ IP_RATE_LIMIT: '6/m' });
        client = http(limited.baseUrl);
        // The set-up itself (register, login, token) spends 3 of the address's 6.
        holder = await newTokenHolder(client);
      });
      afterAll(() => limited.close());

      it('one budget per address across routes; then 429 even with no token or an unknown one', async () => {
        expect((await client.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
        expect((await client.get('/lottery/us_powerball', { token: holder.token })).status).toBe(200);
        expect(
          (await client.post('/auth/login', { body: { email: 'a@b.c', password: 'wrong!!!' } })).status,
        ).toBe(401);
        // The budget is spent: every route refuses, before any token check.
        for (const token of [holder.token, undefined, 'lr_unknown']) {
          const refused = await client.get('/lotteries', { token });
          expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
        }
        expect((await client.get('/profile', { jwt: 'x' })).status).toBe(429);
        expect((await client.get('/health/live')).status).toBe(200); // probes are never limited
      });
    });

    it('is counted as the request arrives: unknown routes count, and a refusal neither parses nor awaits the body', async () => {
      const limited = await createTestApp({ IP_RATE_LIMIT: '2/m' });
      try {
        const client = http(limited.baseUrl);
        expect((await client.get('/no/such/route')).status).toBe(404);
        expect(
          (await client.post('/auth/login', { body: { email: 'a@b.c', password: 'wrong!!!' } })).status,
        ).toBe(401);
        // Over the limit: a body that is not JSON is not parsed (it would be a 400)…
        const notParsed = await client.post('/auth/login', {
          body: '{"email":',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(notParsed).toMatchObject({ status: 429, body: TOO_MANY });
        // …and a body still to come is not waited for: the same 429, with its headers, at once.
        const early = await answerBeforeBody(
          limited.baseUrl,
          'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000',
          '{"email":',
        );
        expect(early).toMatchObject({
          status: 429,
          body: TOO_MANY,
          headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' },
        });
        expect(Number(early !== 'no answer' && early.headers['retry-after'])).toBeGreaterThan(0);
        expect((await client.get('/no/such/route')).status).toBe(429);
        expect((await client.get('/health/live')).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('a flood of unknown tokens from one address stops costing database queries once it is limited', async () => {
      const limited = await createTestApp({ IP_RATE_LIMIT: '5/m' });
      try {
        const dataSource = limited.running.app.get(DataSource);
        const query = jest.spyOn(dataSource, 'query');
        const client = http(limited.baseUrl);
        const statuses = [];
        for (let i = 0; i < 30; i++) {
          statuses.push((await client.get('/lotteries', { token: unknownToken() })).status);
        }
        expect(statuses.filter((s) => s === 401)).toHaveLength(5);
        expect(statuses.filter((s) => s === 429)).toHaveLength(25);
        const tokenLookups = query.mock.calls.filter(([sqlText]) => String(sqlText).includes('api_tokens'));
        expect(tokenLookups).toHaveLength(5);
      } finally {
        await limited.close();
      }
    });

    it('unknown tokens are cached apart and never push known tokens out', async () => {
      const holder = await newTokenHolder(api);
      expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
      const credentials = app.running.app.get(CredentialsCache);
      const before = credentials.sizes();
      for (let i = 0; i < 40; i++) await api.get('/lotteries', { token: unknownToken() });
      const after = credentials.sizes();
      expect(after.knownTokens).toBe(before.knownTokens);
      expect(after.unknownTokens).toBeGreaterThanOrEqual(before.unknownTokens + 40);
      const query = jest.spyOn(app.running.app.get(DataSource), 'query');
      try {
        expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
        expect(query.mock.calls.filter(([sqlText]) => String(sqlText).includes('api_tokens'))).toHaveLength(
          0,
        );
      } finally {
        query.mockRestore();
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
