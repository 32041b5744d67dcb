import { randomBytes } from 'node:crypto';
import { newAccount, newAdmin, newTokenHolder, PASSWORD } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withAdmin } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

const accountNotFound = errorBody.notFound(Messages.accountNotFound);
const FREE = { name: 'free', monthlyQuota: 1000, perSecond: 20, perMinute: 1200, perHour: 72000 };
const PRO = { name: 'pro', monthlyQuota: 1000000, perSecond: 20, perMinute: 1200, perHour: 72000 };

describe('administration: /admin/accounts', () => {
  let app: TestApp;
  let api: Http;
  let admin: { id: string; email: string; jwt: string };

  beforeAll(async () => {
    ({ app, api, admin } = await withAdmin());
  });
  afterAll(() => app.close());

  it.each([
    ['GET', '/admin/accounts'],
    ['GET', '/admin/accounts/00000000-0000-0000-0000-000000000000'],
    ['PATCH', '/admin/accounts/00000000-0000-0000-0000-000000000000'],
    ['GET', '/admin/licenses'],
    ['PUT', '/admin/licenses/free'],
    ['DELETE', '/admin/licenses/free'],
  ])('%s %s answers 403 to a user JWT', async (method, path) => {
    const user = await newAccount(api);
    const withBody = method === 'PATCH' || method === 'PUT';
    const res = await fetch(app.baseUrl + path, {
      method,
      headers: {
        Authorization: `Bearer ${user.jwt}`,
        ...(withBody && { 'Content-Type': 'application/json' }),
      },
      body: withBody ? '{}' : undefined,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody.forbidden(Messages.adminRequired));
  });

  describe('GET /admin/accounts', () => {
    it('lists accounts oldest first, filtered by a case-insensitive email substring, in pages', async () => {
      const label = `group${randomBytes(3).toString('hex')}`;
      const members = [];
      for (let i = 0; i < 3; i++) members.push(await newAccount(api, label));

      const first = await api.get(`/admin/accounts?email=${label.toUpperCase()}&limit=2`, { jwt: admin.jwt });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ limit: 2, offset: 0, more: true, total: 3 });
      expect(first.body.accounts.map((a: { id: string }) => a.id)).toEqual([members[0].id, members[1].id]);
      expect(first.body.accounts[0]).toEqual({
        id: members[0].id,
        email: members[0].email,
        role: 'user',
        disabled: false,
        emailVerified: true,
        createdAt: expect.any(String),
        license: FREE,
        usage: expect.objectContaining({ used: 0, quota: 1000, remaining: 1000 }),
      });

      const second = await api.get(`/admin/accounts?email=${label}&limit=2&offset=2`, { jwt: admin.jwt });
      expect(second.body).toMatchObject({ limit: 2, offset: 2, more: false, total: 3 });
      expect(second.body.accounts.map((a: { id: string }) => a.id)).toEqual([members[2].id]);

      const counts = await api.get(`/admin/accounts?email=${label}&limit=0`, { jwt: admin.jwt });
      expect(counts.body).toEqual({ limit: 0, offset: 0, more: true, total: 3 });
    });

    it('lists everyone without a filter, capped at 15 a page', async () => {
      for (let i = 0; i < 3; i++) await newAccount(api);
      const res = await api.get('/admin/accounts?limit=100', { jwt: admin.jwt });
      expect(res.body.limit).toBe(15);
      expect(res.body.total).toBeGreaterThanOrEqual(4);
      expect(res.body.accounts.length).toBe(Math.min(15, res.body.total));
    });

    it('treats LIKE wildcards in the filter as plain text', async () => {
      for (const pattern of ['%25', '_']) {
        const res = await api.get(`/admin/accounts?email=${pattern}`, { jwt: admin.jwt });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(0);
      }
    });

    it('refuses invalid paging and filters with 400', async () => {
      const res = await api.get('/admin/accounts?limit=abc', { jwt: admin.jwt });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        errorBody.badRequest(Messages.invalidField('limit', 'a non-negative integer')),
      );
      const twice = await api.get('/admin/accounts?email=a&email=b', { jwt: admin.jwt });
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual(
        errorBody.badRequest(Messages.invalidField('email', 'text of at most 254 characters')),
      );
    });
  });

  describe('GET /admin/accounts/:id', () => {
    it('returns the account', async () => {
      const user = await newAccount(api);
      const res = await api.get(`/admin/accounts/${user.id}`, { jwt: admin.jwt });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'user',
        disabled: false,
        license: FREE,
      });
    });

    it.each(['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '1', 'a'.repeat(64)])(
      'answers 404 for %s',
      async (id) => {
        const res = await api.get(`/admin/accounts/${id}`, { jwt: admin.jwt });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(accountNotFound);
      },
    );
  });

  describe('PATCH /admin/accounts/:id', () => {
    it('disables an account: its token is refused at once; enabling restores it', async () => {
      const holder = await newTokenHolder(api);
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);

      const disabled = await api.patch(`/admin/accounts/${holder.id}`, {
        jwt: admin.jwt,
        body: { disabled: true },
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ id: holder.id, disabled: true, license: FREE });

      const refused = await api.get('/lotteries', { token: holder.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(errorBody.forbidden(Messages.accountDisabled));
      // The holder still sees the state of the account.
      expect((await api.get('/profile', { jwt: holder.jwt })).body.disabled).toBe(true);

      await api.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { disabled: false } });
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
    });

    it('removes and grants a license, effective at once', async () => {
      const holder = await newTokenHolder(api);
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);

      const removed = await api.patch(`/admin/accounts/${holder.id}`, {
        jwt: admin.jwt,
        body: { license: null },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.license).toBeNull();
      const refused = await api.get('/lotteries', { token: holder.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(errorBody.forbidden(Messages.noLicense));

      const granted = await api.patch(`/admin/accounts/${holder.id}`, {
        jwt: admin.jwt,
        body: { license: 'pro' },
      });
      expect(granted.body.license).toEqual(PRO);
      expect(granted.body.usage).toMatchObject({ quota: 1000000 });
      const ok = await api.get('/lotteries', { token: holder.token });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-quota-limit')).toBe('1000000');
    });

    it('promotes a user to administrator, effective at once', async () => {
      const user = await newAccount(api);
      expect((await api.get('/admin/accounts', { jwt: user.jwt })).status).toBe(403);
      const promoted = await api.patch(`/admin/accounts/${user.id}`, {
        jwt: admin.jwt,
        body: { role: 'admin' },
      });
      expect(promoted.body.role).toBe('admin');
      expect((await api.get('/admin/accounts', { jwt: user.jwt })).status).toBe(200);
      await api.patch(`/admin/accounts/${user.id}`, { jwt: admin.jwt, body: { role: 'user' } });
      expect((await api.get('/admin/accounts', { jwt: user.jwt })).status).toBe(403);
    });

    it('refuses a disabled administrator', async () => {
      const other = await newAdmin(app, api);
      await api.patch(`/admin/accounts/${other.id}`, { jwt: admin.jwt, body: { disabled: true } });
      const res = await api.get('/admin/accounts', { jwt: other.jwt });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody.forbidden(Messages.accountDisabled));
    });

    it('changes nothing for an empty body', async () => {
      const user = await newAccount(api);
      const res = await api.patch(`/admin/accounts/${user.id}`, { jwt: admin.jwt, body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'user', disabled: false, license: FREE });
    });

    it.each([
      [{ license: 'platinum' }, Messages.invalidField('license', 'the name of an existing license')],
      [{ license: 'Not A Name' }, Messages.invalidField('license', 'the name of an existing license')],
      [{ license: 5 }, Messages.invalidField('license', 'the name of an existing license')],
      [{ disabled: 'yes' }, Messages.invalidField('disabled', 'true or false')],
      [{ role: 'root' }, Messages.invalidField('role', "'user' or 'admin'")],
    ])('refuses %j with 400', async (body, message) => {
      const user = await newAccount(api);
      const res = await api.patch(`/admin/accounts/${user.id}`, { jwt: admin.jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(message));
      expect((await api.get(`/admin/accounts/${user.id}`, { jwt: admin.jwt })).body).toMatchObject({
        role: 'user',
        disabled: false,
        license: FREE,
      });
    });

    it.each(['00000000-0000-0000-0000-000000000000', 'nope'])('answers 404 for %s', async (id) => {
      const res = await api.patch(`/admin/accounts/${id}`, { jwt: admin.jwt, body: { disabled: true } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(accountNotFound);
    });
  });

  it('the administrator can still log in with the fixture password', async () => {
    expect((await api.post('/auth/login', { body: { email: admin.email, password: PASSWORD } })).status).toBe(
      200,
    );
  });
});
