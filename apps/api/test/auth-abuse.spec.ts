import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Clock } from '../src/common/clock';
import { PasswordHasher } from '../src/modules/accounts/password-hasher.service';
import {
  FORGET_AFTER_MS,
  FREE_FAILURES,
  LoginBackoff,
  MAX_BACKOFF_MS,
} from '../src/modules/accounts/login-backoff';
import { passwordStrength } from '../src/modules/auth/password/password-strength';
import { errorBody, Messages } from './support/contract-errors';
import { PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, type Http, type TestResponse } from './support/http';
import { testRedisUrl } from './support/redis';
import { createTestApp, type TestApp } from './support/test-app';

const TOO_MANY = errorBody.tooManyRequests();
const INVALID_CREDENTIALS = errorBody.unauthorized(Messages.invalidCredentials);

/** A client address of a test's own (behind TRUST_PROXY), so that tests, runs and a shared Redis never meet. */
const clientIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
const clientSubnet = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** The key LoginBackoff keeps an address's failures under. */
const emailHash = (email: string) => createHash('sha256').update(email).digest('hex');

/** Moves the app's clock (metering's counters and the log-in back-off read it); restored after each test. */
function clockOf(app: TestApp) {
  let now = Date.now();
  const spy = jest.spyOn(app.running.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  return {
    advance: (ms: number) => (now += ms),
    restore: () => spy.mockRestore(),
  };
}

describe('abuse limits on /auth (contract section 3)', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp({ REGISTRATION_RATE_LIMIT: '3/h,5/d', TRUST_PROXY: 'true' });
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  describe('registrations per client IP (REGISTRATION_RATE_LIMIT)', () => {
    const register = (ip: string, body: Record<string, unknown> = {}) =>
      api.post('/auth/register', {
        headers: { 'X-Forwarded-For': ip },
        body: { email: uniqueEmail('reg-limit'), password: PASSWORD, ...body },
      });

    it('lets an address register its limit, then answers 429 with Retry-After, before any costly step', async () => {
      const ip = clientIp();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await register(ip)).status);
      expect(statuses).toEqual([201, 201, 201]);

      const hash = jest.spyOn(app.running.app.get(PasswordHasher), 'hash');
      const score = jest.spyOn(passwordStrength, 'score');
      const email = uniqueEmail('refused');
      const refused = await register(ip, { email });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      // 3 an hour: one more fits 20 minutes after the burst.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(19 * 60);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(hash).not.toHaveBeenCalled();
      expect(score).not.toHaveBeenCalled();
      expect(await sql(app, 'SELECT id FROM accounts WHERE email = $1', [email])).toEqual([]);
    });

    it('counts each address apart; an IPv6 client by its /64, as IP_RATE_LIMIT does', async () => {
      const subnet = clientSubnet();
      for (let i = 0; i < 3; i++) expect((await register(`${subnet}::${i + 1}`)).status).toBe(201);
      expect((await register(`${subnet}:ffff::9`)).status).toBe(429);
      expect((await register(`${clientSubnet()}::1`)).status).toBe(201);
      expect((await register(clientIp())).status).toBe(201);
    });

    it('lets the address in again once one more registration fits, up to the daily window', async () => {
      const clock = clockOf(app);
      try {
        const ip = clientIp();
        for (let i = 0; i < 3; i++) await register(ip);
        expect((await register(ip)).status).toBe(429);
        clock.advance(20 * 60_000);
        expect((await register(ip)).status).toBe(201);
        clock.advance(20 * 60_000);
        expect((await register(ip)).status).toBe(201);
        // 5 a day: the hourly window has room again, the daily one does not.
        clock.advance(60 * 60_000);
        const daily = await register(ip);
        expect(daily.status).toBe(429);
        expect(daily.headers.get('x-ratelimit-limit')).toBe('5');
      } finally {
        clock.restore();
      }
    });

    it('does not count a body refused for its shape; counts a password too easy to guess (it is scored)', async () => {
      const ip = clientIp();
      for (const body of [{ email: 'not-an-email' }, { password: 'short' }, { email: 42 }]) {
        expect((await register(ip, body)).status).toBe(400);
      }
      const weak = await register(ip, { password: 'password1234' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toMatch(/^Invalid 'password' value: too easy to guess\./);
      expect((await register(ip)).status).toBe(201);
      expect((await register(ip)).status).toBe(201);
      expect((await register(ip)).status).toBe(429);
    });

    it('counts a taken e-mail (409): it tells whether an account exists', async () => {
      const ip = clientIp();
      const email = uniqueEmail('taken');
      expect((await register(ip, { email })).status).toBe(201);
      expect((await register(ip, { email })).status).toBe(409);
      expect((await register(ip)).status).toBe(201);
      expect((await register(ip, { email })).status).toBe(429);
    });

    it('is off with REGISTRATION_RATE_LIMIT=off (the test default)', async () => {
      const open = await createTestApp({ TRUST_PROXY: 'true' });
      try {
        const ip = clientIp();
        const statuses = [];
        for (let i = 0; i < 6; i++) {
          const res = await http(open.baseUrl).post('/auth/register', {
            headers: { 'X-Forwarded-For': ip },
            body: { email: uniqueEmail('open'), password: PASSWORD },
          });
          statuses.push(res.status);
        }
        expect(statuses).toEqual(Array(6).fill(201));
      } finally {
        await open.close();
      }
    });
  });

  describe('failed log-ins per account, with a growing back-off', () => {
    const login = (email: string, password: string, ip = clientIp()) =>
      api.post('/auth/login', { headers: { 'X-Forwarded-For': ip }, body: { email, password } });
    const registered = async () => {
      const email = uniqueEmail('backoff');
      const res = await api.post('/auth/register', {
        headers: { 'X-Forwarded-For': clientIp() },
        body: { email, password: PASSWORD },
      });
      expect(res.status).toBe(201);
      return email;
    };
    const retryAfter = (res: TestResponse) => Number(res.headers.get('retry-after'));

    async function failFreely(email: string) {
      for (let i = 0; i < FREE_FAILURES; i++) {
        const res = await login(email, `wrong password ${i}`);
        expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_CREDENTIALS });
      }
    }

    it('after 5 failures from any addresses, refuses even the right password with 429, without verifying it', async () => {
      const email = await registered();
      const clock = clockOf(app);
      try {
        await failFreely(email);
        const hasher = app.running.app.get(PasswordHasher);
        const verify = jest.spyOn(hasher, 'verify');
        const dummy = jest.spyOn(hasher, 'verifyAgainstDummy');
        const refused = await login(email, PASSWORD);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual(TOO_MANY);
        expect(retryAfter(refused)).toBe(1);
        expect(verify).not.toHaveBeenCalled();
        expect(dummy).not.toHaveBeenCalled();

        // Once the back-off has passed, the right password works, and the failures are forgotten.
        clock.advance(1000);
        expect((await login(email, PASSWORD)).status).toBe(200);
        await failFreely(email);
      } finally {
        clock.restore();
      }
    });

    it('doubles the back-off with each further failure, up to 15 minutes', async () => {
      const email = await registered();
      const clock = clockOf(app);
      try {
        await failFreely(email);
        const waits = [];
        for (let i = 0; i < 4; i++) {
          const refused = await login(email, 'still wrong');
          expect(refused.status).toBe(429);
          waits.push(retryAfter(refused));
          clock.advance(retryAfter(refused) * 1000);
          expect((await login(email, 'still wrong')).status).toBe(401);
        }
        expect(waits).toEqual([1, 2, 4, 8]);

        await sql(app, 'UPDATE login_failures SET failures = 1000 WHERE email_hash = $1', [emailHash(email)]);
        clock.advance(16_000);
        expect((await login(email, 'still wrong')).status).toBe(401);
        expect(retryAfter(await login(email, PASSWORD))).toBe(MAX_BACKOFF_MS / 1000);
      } finally {
        clock.restore();
      }
    });

    it('answers an unknown e-mail exactly like a known one, back-off included', async () => {
      const clock = clockOf(app);
      try {
        const outcomes = async (email: string) => {
          const seen = [];
          for (let i = 0; i < FREE_FAILURES + 1; i++) {
            const res = await login(email, 'wrong password');
            seen.push({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });
          }
          return seen;
        };
        const known = await outcomes(await registered());
        const unknown = await outcomes(uniqueEmail('nobody'));
        expect(unknown).toEqual(known);
        expect(known.at(-1)).toEqual({ status: 429, body: TOO_MANY, retryAfter: '1' });
      } finally {
        clock.restore();
      }
    });

    it('verifies no more passwords for a burst of concurrent guesses than for a sequence', async () => {
      const email = await registered();
      const verify = jest.spyOn(app.running.app.get(PasswordHasher), 'verify');
      const statuses = (
        await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `concurrent guess ${i}`)))
      ).map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FREE_FAILURES);
      expect(verify).toHaveBeenCalledTimes(FREE_FAILURES);
    });

    it("counts a signed-in holder's current password (deletion, password and e-mail change) in the same back-off", async () => {
      const email = await registered();
      const session = await login(email, PASSWORD);
      const jwt = (session.body as { accessToken: string }).accessToken;
      const wrong = (i: number) => `wrong current password ${i}`;
      const attempts = [
        () => api.delete('/profile', { jwt, body: { password: wrong(0) } }),
        () =>
          api.put('/profile/password', {
            jwt,
            body: { currentPassword: wrong(1), newPassword: `${PASSWORD} 2` },
          }),
        () => api.post('/profile/email', { jwt, body: { email: uniqueEmail('moved'), password: wrong(2) } }),
      ];
      const clock = clockOf(app);
      try {
        for (let i = 0; i < FREE_FAILURES; i++) expect((await attempts[i % 3]()).status).toBe(400);
        const verify = jest.spyOn(app.running.app.get(PasswordHasher), 'verify');
        // The next guess on any of them, and the log-in form itself, wait for the back-off, verifying nothing.
        for (const attempt of attempts) {
          const refused = await attempt();
          expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: TOO_MANY });
          expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
        }
        expect((await login(email, PASSWORD)).status).toBe(429);
        expect(verify).not.toHaveBeenCalled();
        // Once it has passed, the right password confirms the step and forgets the failures.
        clock.advance(MAX_BACKOFF_MS);
        const changed = await api.put('/profile/password', {
          jwt,
          body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
        });
        expect(changed.status).toBe(200);
        await failFreely(email);
      } finally {
        clock.restore();
      }
    });

    it('forgets failures after a quiet day, and prunes what it no longer needs', async () => {
      const email = await registered();
      const other = await registered();
      const clock = clockOf(app);
      try {
        await failFreely(email);
        await login(other, 'wrong password');
        clock.advance(FORGET_AFTER_MS + 1000);
        // The count starts again: four more failures are still free.
        for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await login(email, 'wrong')).status).toBe(401);
        await app.running.app.get(LoginBackoff).prune();
        // `other`'s day-old row is gone; `email`'s fresh one stays.
        const kept = await sql(
          app,
          'SELECT email_hash, failures FROM login_failures WHERE email_hash = ANY($1)',
          [[emailHash(email), emailHash(other)]],
        );
        expect(kept).toEqual([{ email_hash: emailHash(email), failures: FREE_FAILURES - 1 }]);
        expect((await login(email, PASSWORD)).status).toBe(200);
      } finally {
        clock.restore();
      }
    });

    it('keeps no e-mail address, only its digest, and forgets the failures of a successful log-in', async () => {
      const email = await registered();
      await login(email, 'wrong password');
      const rows = await sql(app, 'SELECT * FROM login_failures WHERE email_hash = $1', [emailHash(email)]);
      expect(rows).toEqual([expect.objectContaining({ failures: 1, blocked_until: null })]);
      expect(JSON.stringify(await sql(app, 'SELECT * FROM login_failures'))).not.toContain('@');
      expect((await login(email, PASSWORD)).status).toBe(200);
      expect(
        await sql(app, 'SELECT 1 FROM login_failures WHERE email_hash = $1', [emailHash(email)]),
      ).toEqual([]);
    });
  });

  it('never accepts a common password during a burst of costly ones (the check fails closed)', async () => {
    // Costly passwords first, to fill the scorer's queue (see MAX_WAITING); then the common ones.
    const costly = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 128 }, (_, j) => String.fromCharCode(33 + ((j * 7 + i) % 90))).join(''),
    );
    const burst = [...costly, ...Array(12).fill('password1234')].map((password) =>
      api.post('/auth/register', {
        headers: { 'X-Forwarded-For': clientIp() },
        body: { email: uniqueEmail('burst'), password },
      }),
    );
    const answers = await Promise.all(burst);
    const common = answers.slice(costly.length);
    expect(common.map((res) => res.status)).toEqual(Array(12).fill(400));
    for (const res of common) expect(res.body.message).toMatch(/too easy to guess\. This is /);
    expect(answers.slice(0, costly.length).map((res) => res.status)).toEqual(Array(30).fill(201));
  });
});

describe('abuse limits shared by the instances behind Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl(), REGISTRATION_RATE_LIMIT: '2/h', TRUST_PROXY: 'true' };
    first = await createTestApp(env);
    second = await createTestApp(env, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts one registration allowance per address across instances', async () => {
    const ip = clientIp();
    const register = (app: TestApp) =>
      http(app.baseUrl).post('/auth/register', {
        headers: { 'X-Forwarded-For': ip },
        body: { email: uniqueEmail('shared'), password: PASSWORD },
      });
    expect((await register(first)).status).toBe(201);
    expect((await register(second)).status).toBe(201);
    expect((await register(first)).status).toBe(429);
    expect((await register(second)).status).toBe(429);
  });

  it('counts one log-in back-off per account across instances', async () => {
    const email = uniqueEmail('shared-backoff');
    const apis = [http(first.baseUrl), http(second.baseUrl)];
    await apis[0].post('/auth/register', { body: { email, password: PASSWORD } });
    const statuses = [];
    for (let i = 0; i <= FREE_FAILURES; i++) {
      statuses.push((await apis[i % 2].post('/auth/login', { body: { email, password: 'wrong!' } })).status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
  });
});
