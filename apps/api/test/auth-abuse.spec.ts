import { PasswordHasher } from '../src/modules/accounts/password-hasher.service';
import { errorBody } from './support/contract-errors';
import { PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, type Http } from './support/http';
import { testRedisUrl } from './support/redis';
import { clientIp, clientSubnet, clockOf } from './support/client-addresses';
import { createTestApp, type TestApp } from './support/test-app';

const TOO_MANY = errorBody.tooManyRequests();

describe('abuse limits on /auth (contract section 3)', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp({ REGISTRATION_RATE_LIMIT: '3/h,5/d', TRUST_PROXY: 'loopback' });
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

    it('lets an address register its limit, then answers 429 with Retry-After, before any hashing', async () => {
      const ip = clientIp();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await register(ip)).status);
      expect(statuses).toEqual([201, 201, 201]);

      const hash = jest.spyOn(app.running.app.get(PasswordHasher), 'hash');
      const email = uniqueEmail('refused');
      const refused = await register(ip, { email });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      // 3 an hour: one more fits 20 minutes after the burst.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(19 * 60);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(hash).not.toHaveBeenCalled();
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

    it('counts only what creates an account: no 400, a password too easy to guess included', async () => {
      const ip = clientIp();
      for (const body of [{ email: 'not-an-email' }, { password: 'short' }, { email: 42 }]) {
        expect((await register(ip, body)).status).toBe(400);
      }
      // A newcomer's typos: each refused for its strength, none uses up one of the address's registrations.
      for (const password of ['password1234', 'qwertyuiop', 'Password1!']) {
        const weak = await register(ip, { password });
        expect(weak.status).toBe(400);
        expect(weak.body.message).toMatch(/^Invalid 'password' value: too easy to guess\./);
      }
      for (let i = 0; i < 3; i++) expect((await register(ip)).status).toBe(201);
      expect((await register(ip)).status).toBe(429);
      // Over the limit, a weak password is still told what is wrong with it (nothing is counted or hashed).
      const weak = await register(ip, { password: 'password1234' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toMatch(/too easy to guess/);
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
      const open = await createTestApp({ TRUST_PROXY: 'loopback' });
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
    const env = { REDIS_URL: testRedisUrl(), REGISTRATION_RATE_LIMIT: '2/h', TRUST_PROXY: 'loopback' };
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
});
