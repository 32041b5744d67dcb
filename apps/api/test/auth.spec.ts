import { createHmac } from 'node:crypto';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { DemoAccountService } from '../src/modules/accounts/demo-account.service';
import { newAccount, newAdmin, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, Http } from './support/http';
import { errorBody, Messages } from './support/contract-errors';
import { createTestApp, TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';
import { TEST_ENV } from './support/test-engine';

/** An HS256 JWT signed by hand, so tests can forge expired or wrongly signed tokens. */
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe('auth: register, login and the JWT', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
  });
  afterAll(() => app.close());

  describe('POST /auth/register', () => {
    it('creates an account with the default license and an empty usage, email trimmed and lower-cased', async () => {
      const email = uniqueEmail('Reg');
      const res = await api.post('/auth/register', {
        body: { email: `  ${email.toUpperCase()} `, password: PASSWORD },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: email.toLowerCase(),
        role: 'user',
        disabled: false,
        emailVerified: true,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        license: { name: 'free', monthlyQuota: 1000, perSecond: 20, perMinute: 1200, perHour: 72000 },
        usage: {
          month: new Date().toISOString().slice(0, 7),
          used: 0,
          quota: 1000,
          remaining: 1000,
          resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
        },
      });
      expect(res.text).not.toContain('password');
    });

    it('stores an argon2id hash, never the password', async () => {
      const { id } = await newAccount(api);
      const [row] = await sql(app, 'SELECT password_hash FROM accounts WHERE id = $1', [id]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it("hashes at the service's own cost, OWASP's minimum (19 MiB, 2 passes, 1 lane), and logs in with it", async () => {
      // The other specs' apps hash at a light cost (test-app.ts); this one runs as the service does.
      const service = await createTestApp({}, { servicePasswordHashCost: true });
      try {
        const serviceApi = http(service.baseUrl);
        const { id, email } = await newAccount(serviceApi);
        const [row] = await sql(service, 'SELECT password_hash FROM accounts WHERE id = $1', [id]);
        expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
        const login = await serviceApi.post('/auth/login', { body: { email, password: PASSWORD } });
        expect(login.status).toBe(200);
        const wrong = await serviceApi.post('/auth/login', { body: { email, password: `${PASSWORD}!` } });
        expect(wrong.status).toBe(401);
      } finally {
        await service.close();
      }
    });

    it('answers 409 when the email is taken, whatever its case', async () => {
      const { email } = await newAccount(api);
      const res = await api.post('/auth/register', {
        body: { email: email.toUpperCase(), password: PASSWORD },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(errorBody.conflict(Messages.emailTaken));
    });

    it('lets exactly one of several concurrent registrations of one email win', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => api.post('/auth/register', { body: { email, password: PASSWORD } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const [{ count }] = await sql(app, 'SELECT count(*)::int AS count FROM accounts WHERE email = $1', [
        email,
      ]);
      expect(count).toBe(1);
    });

    it.each([
      [{ password: PASSWORD }, Messages.invalidField('email', 'an email address of at most 254 characters')],
      [
        { email: 'not-an-email', password: PASSWORD },
        Messages.invalidField('email', 'an email address of at most 254 characters'),
      ],
      [
        { email: 42, password: PASSWORD },
        Messages.invalidField('email', 'an email address of at most 254 characters'),
      ],
      [{ email: 'a@example.com' }, Messages.invalidField('password', 'a string of 10 to 128 characters')],
      [
        { email: 'a@example.com', password: 'short' },
        Messages.invalidField('password', 'a string of 10 to 128 characters'),
      ],
      [
        { email: 'a@example.com', password: 'x'.repeat(129) },
        Messages.invalidField('password', 'a string of 10 to 128 characters'),
      ],
      [
        { email: 'a@example.com', password: 'nine char' },
        Messages.invalidField('password', 'a string of 10 to 128 characters'),
      ],
      [
        { email: 'a@example.com', password: 'password123' },
        Messages.invalidFieldProblem(
          'password',
          'too easy to guess. This is a commonly used password. Add more words that are less common.',
        ),
      ],
      [
        { email: 'a@example.com', password: 'Password1!' },
        Messages.invalidFieldProblem(
          'password',
          'too easy to guess. This is similar to a commonly used password. Add more words that are less common.',
        ),
      ],
      [
        { email: 'a@example.com', password: 'qwertyuiop' },
        Messages.invalidFieldProblem(
          'password',
          'too easy to guess. This is a frequently used password. Add more words that are less common.',
        ),
      ],
      [
        { email: 'a@example.com', password: ' '.repeat(12) },
        Messages.invalidFieldProblem(
          'password',
          'too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common.',
        ),
      ],
    ])('refuses %j with 400', async (body, message) => {
      const res = await api.post('/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(message));
    });
  });

  it('accepts ten characters that are not easy to guess, and answers a burst of costly ones promptly', async () => {
    const accepted = await api.post('/auth/register', {
      body: { email: uniqueEmail(), password: 'Tr0ub4dour&3' },
    });
    expect(accepted.status).toBe(201);
    // Passwords chosen to be costly to score (≈ 0.4 s each if scored whole): scoring is bounded and off the
    // request thread, so fifty at once are all answered, none by the 15 s request timeout.
    const costly = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.post('/auth/register', {
          body: {
            email: uniqueEmail(`burst${i}`),
            password: Array.from({ length: 128 }, (_, j) =>
              String.fromCharCode(33 + ((j * 7 + i) % 90)),
            ).join(''),
          },
        }),
      ),
    );
    expect(costly.map((r) => r.status)).toEqual(Array(50).fill(201));
  });

  describe('POST /auth/login', () => {
    it('returns a bearer access token that opens the account routes', async () => {
      const email = uniqueEmail();
      await api.post('/auth/register', { body: { email, password: PASSWORD } });
      const res = await api.post('/auth/login', {
        body: { email: ` ${email.toUpperCase()}`, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
      const profile = await api.get('/profile', { jwt: res.body.accessToken });
      expect(profile.status).toBe(200);
      expect(profile.body.email).toBe(email);
    });

    it('answers the same 401 for a wrong password and an unknown email', async () => {
      const { email } = await newAccount(api);
      const body = errorBody.unauthorized(Messages.invalidCredentials);
      const wrong = await api.post('/auth/login', { body: { email, password: 'wrong password!' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(body);
      const unknown = await api.post('/auth/login', {
        body: { email: uniqueEmail('nobody'), password: PASSWORD },
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(body);
    });

    it('refuses a body without credentials with 400', async () => {
      const res = await api.post('/auth/login', { body: { email: 'a@example.com' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        errorBody.badRequest(Messages.invalidField('password', 'a string of at most 1024 characters')),
      );
    });

    it('uses JWT_EXPIRES_IN for expiresIn', async () => {
      const short = await createTestApp({ JWT_EXPIRES_IN: '15m' });
      try {
        const shortApi = http(short.baseUrl);
        const { email } = await newAccount(shortApi);
        const res = await shortApi.post('/auth/login', { body: { email, password: PASSWORD } });
        expect(res.body.expiresIn).toBe(900);
        const claims = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
        expect(claims.exp - claims.iat).toBe(900);
      } finally {
        await short.close();
      }
    });
  });

  describe('the JWT on account routes', () => {
    const invalidJwt = errorBody.unauthorized(Messages.invalidJwt);

    it('answers 401 `Authorization header missing` without the header', async () => {
      const res = await api.get('/profile');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorBody.unauthorized(Messages.authorizationHeaderMissing));
    });

    it.each([
      ['garbage', 'Bearer not.a.jwt'],
      ['another scheme', 'Basic xyz'],
      ['a bare token', 'abc'],
    ])('answers 401 `Invalid JWT token` for %s', async (_label, header) => {
      const res = await api.get('/profile', { headers: { Authorization: header } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(invalidJwt);
    });

    it('answers 401 `Invalid JWT token` for a wrongly signed, an expired and an unsigned token', async () => {
      const { id } = await newAccount(api);
      const claims = { sub: id, role: 'user', iat: now() };
      const good = signJwt({ ...claims, exp: now() + 600 }, TEST_ENV.JWT_SECRET);
      expect((await api.get('/profile', { jwt: good })).status).toBe(200);

      const wrongSignature = signJwt(
        { ...claims, exp: now() + 600 },
        'another-secret-another-secret-0123456789',
      );
      const expired = signJwt({ ...claims, iat: now() - 7200, exp: now() - 60 }, TEST_ENV.JWT_SECRET);
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: now() + 600 })}.`;
      for (const jwt of [wrongSignature, expired, unsigned]) {
        const res = await api.get('/profile', { jwt });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(invalidJwt);
      }
    });

    it("answers 401 `Invalid JWT token` once the token's account is gone", async () => {
      const account = await newAccount(api);
      expect((await api.delete('/profile', { jwt: account.jwt, body: { password: PASSWORD } })).status).toBe(
        204,
      );
      const res = await api.get('/profile', { jwt: account.jwt });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(invalidJwt);
    });

    it.each([
      ['GET', '/profile'],
      ['GET', '/profile/usage'],
      ['DELETE', '/profile'],
      ['GET', '/profile/token'],
      ['POST', '/profile/token'],
      ['GET', '/profile/token/x'],
      ['PATCH', '/profile/token/x'],
      ['DELETE', '/profile/token/x'],
      ['GET', '/admin/accounts'],
      ['GET', '/admin/accounts/x'],
      ['PATCH', '/admin/accounts/x'],
      ['GET', '/admin/licenses'],
      ['PUT', '/admin/licenses/x'],
      ['DELETE', '/admin/licenses/x'],
    ])('%s %s needs the Authorization header', async (method, path) => {
      const res = await fetch(app.baseUrl + path, { method });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(errorBody.unauthorized(Messages.authorizationHeaderMissing));
    });
  });

  describe('DEFAULT_LICENSE', () => {
    it.each([
      ['empty: no license', ''],
      ['an unknown name: no license', 'platinum'],
    ])('%s', async (_label, value) => {
      const other = await createTestApp({ DEFAULT_LICENSE: value });
      try {
        const res = await http(other.baseUrl).post('/auth/register', {
          body: { email: uniqueEmail(), password: PASSWORD },
        });
        expect(res.status).toBe(201);
        expect(res.body.license).toBeNull();
        expect(res.body.usage).toMatchObject({ used: 0, quota: 0, remaining: 0 });
      } finally {
        await other.close();
      }
    });

    it('names the license new accounts get', async () => {
      const other = await createTestApp({ DEFAULT_LICENSE: 'basic' });
      try {
        const res = await http(other.baseUrl).post('/auth/register', {
          body: { email: uniqueEmail(), password: PASSWORD },
        });
        expect(res.body.license).toEqual({
          name: 'basic',
          monthlyQuota: 50000,
          perSecond: 20,
          perMinute: 1200,
          perHour: 72000,
        });
      } finally {
        await other.close();
      }
    });
  });

  it('lets an admin JWT through on the user routes too', async () => {
    const admin = await newAdmin(app, api);
    const res = await api.get('/profile', { jwt: admin.jwt });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  });

  describe('accounts created at start-up', () => {
    it('ensureAdmin creates an administrator once and leaves an existing account alone', async () => {
      const accounts = app.running.app.get(AccountsService);
      const email = uniqueEmail('boot-admin');
      expect(await accounts.ensureAdmin(email, 'admin password 1')).toBe('created');
      expect(await accounts.ensureAdmin(email.toUpperCase(), 'another password')).toBe('exists');
      const login = await api.post('/auth/login', { body: { email, password: 'admin password 1' } });
      expect(login.status).toBe(200);
      expect((await api.get('/admin/accounts', { jwt: login.body.accessToken })).status).toBe(200);
    });

    it('ensureDemo creates the demo account with a working token once', async () => {
      const demo = app.running.app.get(DemoAccountService);
      const credentials = await demo.ensureDemo();
      expect(credentials).toEqual({
        email: 'demo@example.com',
        password: expect.any(String),
        token: expect.stringMatching(/^lr_/),
      });
      expect(await demo.ensureDemo()).toBeNull();

      const login = await api.post('/auth/login', {
        body: { email: 'demo@example.com', password: credentials?.password },
      });
      expect(login.status).toBe(200);
      const profile = await api.get('/profile', { jwt: login.body.accessToken });
      expect(profile.body.license.name).toBe('pro');
      const tokens = await api.get('/profile/token', { jwt: login.body.accessToken });
      expect(tokens.body.tokens).toEqual([
        expect.objectContaining({ id: 'demo', prefix: credentials?.token.slice(0, 8) }),
      ]);
      expect((await api.get('/lotteries', { token: credentials?.token })).status).toBe(200);
    });
  });
});
