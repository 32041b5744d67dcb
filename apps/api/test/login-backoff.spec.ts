import { Signer } from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from '../src/modules/accounts/password-hasher.service';
import {
  ACCOUNT_FREE_FAILURES,
  FORGET_AFTER_MS,
  FREE_FAILURES,
  LoginBackoff,
  MAX_BACKOFF_MS,
} from '../src/modules/accounts/login-backoff';
import { errorBody, Messages } from './support/contract-errors';
import { PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, type TestResponse } from './support/http';
import { testRedisUrl } from './support/redis';
import { clientIp, clientSubnet, clockOf } from './support/client-addresses';
import { createTestApp, type TestApp } from './support/test-app';
import { TEST_ENV } from './support/test-engine';

const TOO_MANY = errorBody.tooManyRequests();
const INVALID_CREDENTIALS = errorBody.unauthorized(Messages.invalidCredentials);

const retryAfter = (res: TestResponse) => Number(res.headers.get('retry-after'));
const outcome = (res: TestResponse) => ({ status: res.status, body: res.body });

/** The device cookie a log-in set (as a Cookie header's pair), or null. */
function deviceCookie(res: TestResponse): string | null {
  const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith('login_device='));
  return set ? set.split(';')[0] : null;
}

describe('failed log-ins: slowed per client, per address and per device, without locking the owner out', () => {
  let app: TestApp;
  let backoff: LoginBackoff;
  let clock: ReturnType<typeof clockOf>;

  beforeAll(async () => {
    // The test plays the proxies on this machine: X-Forwarded-For names the client.
    app = await createTestApp({ TRUST_PROXY: 'loopback' });
    backoff = app.running.app.get(LoginBackoff);
  });
  afterAll(() => app.close());
  beforeEach(() => (clock = clockOf(app)));
  afterEach(() => jest.restoreAllMocks());

  const api = () => http(app.baseUrl);
  const login = (email: string, password: string, ip: string, cookie?: string | null) =>
    api().post('/auth/login', {
      headers: { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
      body: { email, password },
    });
  const registered = async (label = 'backoff') => {
    const email = uniqueEmail(label);
    const res = await api().post('/auth/register', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(201);
    return { email, id: res.body.id as string };
  };
  /** Logs in from a browser of the owner's: its device cookie. */
  const ownersDevice = async (email: string) => {
    const res = await login(email, PASSWORD, clientIp());
    expect(res.status).toBe(200);
    return deviceCookie(res) as string;
  };
  const spyOnVerifications = () => {
    const hasher = app.running.app.get(PasswordHasher);
    return [jest.spyOn(hasher, 'verify'), jest.spyOn(hasher, 'verifyAgainstDummy')];
  };
  async function failFreely(email: string, ip: string, cookie?: string) {
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(outcome(await login(email, `wrong password ${i}`, ip, cookie))).toEqual({
        status: 401,
        body: INVALID_CREDENTIALS,
      });
    }
  }
  /** The steps that ask for the current password: deletion, password change, e-mail change. */
  const wrong = (i: number) => `wrong current password ${i}`;
  const steps = (jwt: string, password: (i: number) => string) => [
    () => api().delete('/profile', { jwt, body: { password: password(0) } }),
    () =>
      api().put('/profile/password', {
        jwt,
        body: { currentPassword: password(1), newPassword: `${PASSWORD} 2` },
      }),
    () => api().post('/profile/email', { jwt, body: { email: uniqueEmail('moved'), password: password(2) } }),
  ];
  /**
   * Sets the address's ceiling (the count of all clients without the owner's device cookie) to `failures`, in a
   * back-off for `blockedMs` when given.
   */
  async function ceilingAt(email: string, failures: number, blockedMs?: number) {
    const [, address] = backoff.fromClient(email, clientIp());
    const now = clock.advance(0);
    await sql(
      app,
      `INSERT INTO login_failures (key_hash, failures, last_failed_at, blocked_until) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key_hash) DO UPDATE SET failures = $2, last_failed_at = $3, blocked_until = $4`,
      [address.key, failures, new Date(now), blockedMs === undefined ? null : new Date(now + blockedMs)],
    );
    return address.key;
  }
  /** The address's ceiling in a back-off of 15 minutes, as many clients' failures would leave it. */
  const ceilingRunning = (email: string) => ceilingAt(email, ACCOUNT_FREE_FAILURES + 10, MAX_BACKOFF_MS);

  describe('per client', () => {
    it('after 5 failures from a client, refuses even the right password from it with 429, without verifying it', async () => {
      const { email } = await registered();
      const ip = clientIp();
      await failFreely(email, ip);
      const verifications = spyOnVerifications();
      const refused = await login(email, PASSWORD, ip);
      expect(outcome(refused)).toEqual({ status: 429, body: TOO_MANY });
      expect(retryAfter(refused)).toBe(1);
      expect(deviceCookie(refused)).toBeNull();
      for (const spy of verifications) expect(spy).not.toHaveBeenCalled();

      // Once the back-off has passed, the right password works, and the client's failures are forgotten.
      clock.advance(1000);
      expect((await login(email, PASSWORD, ip)).status).toBe(200);
      await failFreely(email, ip);
    });

    it('doubles the back-off with each further failure, up to 15 minutes', async () => {
      const { email } = await registered();
      const ip = clientIp();
      await failFreely(email, ip);
      const waits = [];
      for (let i = 0; i < 4; i++) {
        const refused = await login(email, 'still wrong', ip);
        expect(refused.status).toBe(429);
        waits.push(retryAfter(refused));
        clock.advance(retryAfter(refused) * 1000);
        expect((await login(email, 'still wrong', ip)).status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8]);

      const [client] = backoff.fromClient(email, ip);
      await sql(app, 'UPDATE login_failures SET failures = 1000 WHERE key_hash = $1', [client.key]);
      clock.advance(16_000);
      expect((await login(email, 'still wrong', ip)).status).toBe(401);
      expect(retryAfter(await login(email, PASSWORD, ip))).toBe(MAX_BACKOFF_MS / 1000);
    });

    it("locks only the stranger's own client out: the owner's right password from another client logs in", async () => {
      const { email } = await registered('victim');
      const stranger = clientIp();
      // The review's attack: 18 requests over 63 s, each as soon as the last back-off allows, leave a 64 s wait.
      const answers = [];
      for (let i = 0; i < 18; i++) {
        const res = await login(email, `guess ${i}`, stranger);
        answers.push(res.status);
        if (res.status === 429 && i < 17) clock.advance(retryAfter(res) * 1000);
      }
      expect(answers).toEqual([...Array(FREE_FAILURES).fill(401), ...Array(6).fill([429, 401]).flat(), 429]);
      const locked = await login(email, PASSWORD, stranger);
      expect(outcome(locked)).toEqual({ status: 429, body: TOO_MANY });
      expect(retryAfter(locked)).toBe(64);

      const owner = await login(email, PASSWORD, clientIp());
      expect(owner.status).toBe(200);
      expect(owner.body).toEqual(expect.objectContaining({ tokenType: 'Bearer' }));
    });

    it('counts an IPv6 client by its /64, as the per-address limits do', async () => {
      const { email } = await registered();
      const subnet = clientSubnet();
      for (let i = 0; i < FREE_FAILURES; i++) await login(email, 'wrong', `${subnet}::${i + 1}`);
      expect((await login(email, PASSWORD, `${subnet}:ffff::9`)).status).toBe(429);
      expect((await login(email, PASSWORD, `${clientSubnet()}::1`)).status).toBe(200);
    });

    it('answers an unknown e-mail exactly like a known one, back-off included', async () => {
      const outcomes = async (email: string) => {
        const ip = clientIp();
        const seen = [];
        for (let i = 0; i < FREE_FAILURES + 1; i++) {
          const res = await login(email, 'wrong password', ip);
          seen.push({ ...outcome(res), retryAfter: res.headers.get('retry-after') });
        }
        return seen;
      };
      const known = await outcomes((await registered()).email);
      const unknown = await outcomes(uniqueEmail('nobody'));
      expect(unknown).toEqual(known);
      expect(known.at(-1)).toEqual({ status: 429, body: TOO_MANY, retryAfter: '1' });
    });

    it('verifies no more passwords for a burst of concurrent guesses than for a sequence', async () => {
      const { email } = await registered();
      const ip = clientIp();
      const verify = jest.spyOn(app.running.app.get(PasswordHasher), 'verify');
      const statuses = (
        await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `concurrent guess ${i}`, ip)))
      ).map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FREE_FAILURES);
      expect(verify).toHaveBeenCalledTimes(FREE_FAILURES);
    });
  });

  describe("the address's ceiling for every client without a device cookie", () => {
    it(`after ${ACCOUNT_FREE_FAILURES} failures from many clients refuses new ones, not the owner's device`, async () => {
      const { email } = await registered('spread');
      const device = await ownersDevice(email);
      // A guess spread over many addresses, one failure each: no client reaches its own back-off.
      for (let batch = 0; batch < ACCOUNT_FREE_FAILURES / 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => login(email, `spread guess ${batch}-${i}`, clientIp())),
        );
        expect(answers.map((res) => res.status)).toEqual(Array(10).fill(401));
      }
      const verifications = spyOnVerifications();
      const fresh = await login(email, PASSWORD, clientIp());
      expect(outcome(fresh)).toEqual({ status: 429, body: TOO_MANY });
      expect(retryAfter(fresh)).toBe(1);
      for (const spy of verifications) expect(spy).not.toHaveBeenCalled();

      // The owner's browser, from any address, is counted on its own.
      const owner = await login(email, PASSWORD, clientIp(), device);
      expect(owner.status).toBe(200);
      // It stays the same device (same id, signed again for another year).
      expect(deviceCookie(owner)).toBe(device);

      // The ceiling doubles like any back-off, and the owner's success does not clear it.
      clock.advance(1000);
      expect((await login(email, 'one more guess', clientIp())).status).toBe(401);
      expect(retryAfter(await login(email, PASSWORD, clientIp()))).toBe(2);
    });

    it('counts no success against it: a script that logs in without keeping cookies never fills it', async () => {
      const { email } = await registered('script');
      const address = await ceilingAt(email, ACCOUNT_FREE_FAILURES - 1);
      for (let i = 0; i < 3; i++) expect((await login(email, PASSWORD, clientIp())).status).toBe(200);
      expect(
        await sql(app, 'SELECT failures, blocked_until FROM login_failures WHERE key_hash = $1', [address]),
      ).toEqual([{ failures: ACCOUNT_FREE_FAILURES - 1, blocked_until: null }]);
      // The next failure is the 100th: it starts the back-off, even for the right password from a new client.
      expect((await login(email, 'wrong', clientIp())).status).toBe(401);
      expect((await login(email, PASSWORD, clientIp())).status).toBe(429);
    });

    it('counts concurrent guesses from many clients once each, and verifies none past the ceiling', async () => {
      const { email } = await registered('spread-burst');
      await ceilingAt(email, ACCOUNT_FREE_FAILURES - 3);
      const verify = jest.spyOn(app.running.app.get(PasswordHasher), 'verify');
      const statuses = (
        await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `burst ${i}`, clientIp())))
      ).map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
      expect(verify).toHaveBeenCalledTimes(3);
    });

    it("gives a forged, tampered or another account's device cookie no advantage", async () => {
      const { email, id } = await registered('owner');
      const device = await ownersDevice(email);
      const other = await registered('stranger');
      const strangersOwn = await ownersDevice(other.email);
      await ceilingRunning(email);

      const signed = decodeURIComponent(device.slice('login_device='.length));
      const [, deviceId, signature] = signed.split('.');
      const signedWithJwtSecret = new Signer(TEST_ENV.JWT_SECRET).sign(`${id}.${deviceId}`);
      const forgeries = {
        garbage: 'login_device=x',
        unsigned: `login_device=${encodeURIComponent(`${id}.${deviceId}`)}`,
        otherAccountsIdUnderTheSignature: `login_device=${encodeURIComponent(`${other.id}.${deviceId}.${signature}`)}`,
        otherDeviceIdUnderTheSignature: `login_device=${encodeURIComponent(`${id}.${randomBytes(16).toString('base64url')}.${signature}`)}`,
        signedWithTheJwtSecretItself: `login_device=${encodeURIComponent(signedWithJwtSecret)}`,
        anotherAccountsRealCookie: strangersOwn,
        underAnotherName: device.replace('login_device=', 'device='),
      };
      const verifications = spyOnVerifications();
      for (const [forgery, cookie] of Object.entries(forgeries)) {
        const res = await login(email, PASSWORD, clientIp(), cookie);
        expect({ forgery, ...outcome(res) }).toEqual({ forgery, status: 429, body: TOO_MANY });
      }
      for (const spy of verifications) expect(spy).not.toHaveBeenCalled();
      expect((await login(email, PASSWORD, clientIp(), device)).status).toBe(200);
    });
  });

  describe('per device', () => {
    it('gives a device FREE_FAILURES, then its own back-off: a stolen cookie gets no more guesses', async () => {
      const { email } = await registered();
      const device = await ownersDevice(email);
      const ip = clientIp();
      await failFreely(email, ip, device);
      const verifications = spyOnVerifications();
      const refused = await login(email, PASSWORD, clientIp(), device);
      expect(outcome(refused)).toEqual({ status: 429, body: TOO_MANY });
      expect(retryAfter(refused)).toBe(1);
      for (const spy of verifications) expect(spy).not.toHaveBeenCalled();
      // The device's failures are its own: the client it failed from, without the cookie, is not held back.
      expect((await login(email, PASSWORD, ip)).status).toBe(200);
      clock.advance(1000);
      expect((await login(email, PASSWORD, ip, device)).status).toBe(200);
    });

    it('sets the cookie HttpOnly, SameSite=Strict, for the log-in path only, for a year; Secure over https', async () => {
      const { email } = await registered();
      const res = await login(email, PASSWORD, clientIp());
      const [cookie] = res.headers.getSetCookie();
      expect(cookie).toMatch(
        /^login_device=[^;]+; Max-Age=31536000; Path=\/auth\/login; HttpOnly; SameSite=Strict$/,
      );
      // The value names the account and a device, and is signed; it holds no address.
      expect(cookie).not.toContain('%40');
      const https = await api().post('/auth/login', {
        headers: { 'X-Forwarded-For': clientIp(), 'X-Forwarded-Proto': 'https' },
        body: { email, password: PASSWORD },
      });
      expect(https.headers.getSetCookie()[0]).toMatch(/; Secure(;|$)/);
      expect(deviceCookie(await login(email, 'wrong', clientIp()))).toBeNull();
    });
  });

  describe("a signed-in holder's current password (deletion, password and e-mail change)", () => {
    it("is not blocked by strangers' failed log-ins, from a client or past the address's ceiling", async () => {
      const { email } = await registered('busy');
      const jwt = (await login(email, PASSWORD, clientIp())).body.accessToken as string;
      const stranger = clientIp();
      await failFreely(email, stranger);
      expect((await login(email, PASSWORD, stranger)).status).toBe(429);
      await ceilingRunning(email);
      expect((await login(email, PASSWORD, clientIp())).status).toBe(429);

      const changed = await api().put('/profile/password', {
        jwt,
        body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
      });
      expect(changed.status).toBe(200);
      const next = changed.body.accessToken as string;
      const moved = uniqueEmail('moved');
      const emailChanged = await api().post('/profile/email', {
        jwt: next,
        body: { email: moved, password: `${PASSWORD} 2` },
      });
      expect(emailChanged.status).toBe(200);
      expect(
        (await api().delete('/profile', { jwt: next, body: { password: `${PASSWORD} 2` } })).status,
      ).toBe(204);
    });

    it("bounds a session's own wrong current passwords, apart from the log-in form", async () => {
      const { email } = await registered('session');
      const jwt = (await login(email, PASSWORD, clientIp())).body.accessToken as string;
      const attempts = steps(jwt, wrong);
      for (let i = 0; i < FREE_FAILURES; i++) expect((await attempts[i % 3]()).status).toBe(400);
      const verify = jest.spyOn(app.running.app.get(PasswordHasher), 'verify');
      // The next guess on any of them waits for the back-off, verifying nothing.
      for (const attempt of attempts) {
        const refused = await attempt();
        expect(outcome(refused)).toEqual({ status: 429, body: TOO_MANY });
        expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      }
      expect(verify).not.toHaveBeenCalled();
      // Other sessions of the account share the count; the log-in form does not.
      const ip = clientIp();
      const another = await login(email, PASSWORD, ip);
      expect(another.status).toBe(200);
      expect((await steps(another.body.accessToken as string, wrong)[1]()).status).toBe(429);
      // Once it has passed, the right password confirms the step and forgets the failures.
      clock.advance(MAX_BACKOFF_MS);
      const changed = await api().put('/profile/password', {
        jwt,
        body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
      });
      expect(changed.status).toBe(200);
      const renewed = steps(changed.body.accessToken as string, wrong);
      for (let i = 0; i < FREE_FAILURES; i++) expect((await renewed[i % 3]()).status).toBe(400);
    });
  });

  describe('what is kept', () => {
    it('forgets failures after a quiet day, and prunes what it no longer needs', async () => {
      const { email } = await registered();
      const other = await registered();
      const ip = clientIp();
      await failFreely(email, ip);
      await login(other.email, 'wrong password', ip);
      clock.advance(FORGET_AFTER_MS + 1000);
      // The count starts again: four more failures are still free.
      for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await login(email, 'wrong', ip)).status).toBe(401);
      await backoff.prune();
      // `other`'s day-old rows are gone; `email`'s fresh ones stay.
      const keys = [...backoff.fromClient(email, ip), ...backoff.fromClient(other.email, ip)].map(
        (counter) => counter.key,
      );
      const kept = await sql(
        app,
        'SELECT key_hash, failures FROM login_failures WHERE key_hash = ANY($1) ORDER BY key_hash',
        [keys],
      );
      expect(kept).toEqual(
        keys
          .slice(0, 2)
          .sort()
          .map((key) => ({ key_hash: key, failures: FREE_FAILURES - 1 })),
      );
      expect((await login(email, PASSWORD, ip)).status).toBe(200);
    });

    it('keeps keyed hashes only, and a success forgets its client but not the address', async () => {
      const { email, id } = await registered();
      const ip = clientIp();
      const device = await ownersDevice(email);
      await login(email, 'wrong password', ip);
      await login(email, 'wrong password', clientIp(), device);
      await steps((await login(email, PASSWORD, clientIp())).body.accessToken as string, wrong)[1]();
      const rows = await sql(app, 'SELECT * FROM login_failures');
      const seen = JSON.stringify(rows);
      for (const clear of [email, ip, id, '@', email.replace('@', '%40')]) expect(seen).not.toContain(clear);
      const [client, address] = backoff.fromClient(email, ip);
      expect(
        await sql(app, 'SELECT failures FROM login_failures WHERE key_hash = ANY($1)', [[client.key]]),
      ).toEqual([{ failures: 1 }]);

      expect((await login(email, PASSWORD, ip)).status).toBe(200);
      const left = await sql(app, 'SELECT key_hash FROM login_failures WHERE key_hash = ANY($1)', [
        [client.key, address.key],
      ]);
      expect(left).toEqual([{ key_hash: address.key }]);
    });
  });
});

describe('the log-in back-off shared by the instances', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl(), TRUST_PROXY: 'loopback' };
    first = await createTestApp(env);
    second = await createTestApp(env, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("counts one client's failures, and honours one device cookie, across instances", async () => {
    const email = uniqueEmail('shared-backoff');
    const apis = [http(first.baseUrl), http(second.baseUrl)];
    await apis[0].post('/auth/register', { body: { email, password: PASSWORD } });
    const device = deviceCookie(await apis[1].post('/auth/login', { body: { email, password: PASSWORD } }));
    const ip = clientIp();
    const statuses = [];
    for (let i = 0; i <= FREE_FAILURES; i++) {
      const res = await apis[i % 2].post('/auth/login', {
        headers: { 'X-Forwarded-For': ip },
        body: { email, password: 'wrong!' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
    const owner = await apis[0].post('/auth/login', {
      headers: { 'X-Forwarded-For': ip, Cookie: device as string },
      body: { email, password: PASSWORD },
    });
    expect(owner.status).toBe(200);
  });
});
