import { errorBody, Messages } from './support/contract-errors';
import { newTokenHolder } from './support/fixtures';
import { http, Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { withAdmin } from './support/test-set-ups';

const RATES = { perSecond: 20, perMinute: 1200, perHour: 72000 };

describe('administration: /admin/licenses', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;

  beforeAll(async () => {
    ({
      app,
      api,
      admin: { jwt },
    } = await withAdmin());
  });
  afterAll(() => app.close());

  it('lists the seeded licenses ordered by name', async () => {
    const res = await api.get('/admin/licenses', { jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      licenses: [
        { name: 'basic', monthlyQuota: 50000, ...RATES },
        { name: 'free', monthlyQuota: 1000, ...RATES },
        { name: 'pro', monthlyQuota: 1000000, ...RATES },
      ],
      limit: 15,
      offset: 0,
      more: false,
      total: 3,
    });
    const page = await api.get('/admin/licenses?limit=1&offset=1', { jwt });
    expect(page.body).toEqual({
      licenses: [{ name: 'free', monthlyQuota: 1000, ...RATES }],
      limit: 1,
      offset: 1,
      more: true,
      total: 3,
    });
  });

  it('creates a license, then replaces it, answering 200 both times', async () => {
    const created = await api.put('/admin/licenses/team', {
      jwt,
      body: { monthlyQuota: 5000, perSecond: 5, perMinute: 100, perHour: 1000 },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      name: 'team',
      monthlyQuota: 5000,
      perSecond: 5,
      perMinute: 100,
      perHour: 1000,
    });

    const replaced = await api.put('/admin/licenses/team', {
      jwt,
      body: { monthlyQuota: null, perSecond: 10, perMinute: 200, perHour: 2000 },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      name: 'team',
      monthlyQuota: null,
      perSecond: 10,
      perMinute: 200,
      perHour: 2000,
    });
    const listed = await api.get('/admin/licenses', { jwt });
    expect(listed.body.licenses).toContainEqual(replaced.body);
  });

  it.each([
    [
      { perSecond: 1, perMinute: 1, perHour: 1 },
      Messages.invalidField('monthlyQuota', 'a whole number from 0 to 2147483647, or null for unlimited'),
    ],
    [
      { monthlyQuota: -1, perSecond: 1, perMinute: 1, perHour: 1 },
      Messages.invalidField('monthlyQuota', 'a whole number from 0 to 2147483647, or null for unlimited'),
    ],
    [
      { monthlyQuota: '10', perSecond: 1, perMinute: 1, perHour: 1 },
      Messages.invalidField('monthlyQuota', 'a whole number from 0 to 2147483647, or null for unlimited'),
    ],
    [
      { monthlyQuota: 10, perSecond: 0, perMinute: 1, perHour: 1 },
      Messages.invalidField('perSecond', 'a whole number from 1 to 2147483647'),
    ],
    [
      { monthlyQuota: 10, perSecond: 1, perMinute: 1.5, perHour: 1 },
      Messages.invalidField('perMinute', 'a whole number from 1 to 2147483647'),
    ],
    [
      { monthlyQuota: 10, perSecond: 1, perMinute: 1, perHour: 2 ** 31 },
      Messages.invalidField('perHour', 'a whole number from 1 to 2147483647'),
    ],
    [
      { monthlyQuota: 10, perSecond: 1, perMinute: 1 },
      Messages.invalidField('perHour', 'a whole number from 1 to 2147483647'),
    ],
  ])('refuses %j with 400', async (body, message) => {
    const res = await api.put('/admin/licenses/invalid', { jwt, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(message));
  });

  it.each(['Upper', 'with%20space', '-dash-first', 'x'.repeat(65)])(
    'refuses the name %s with 400',
    async (name) => {
      const res = await api.put(`/admin/licenses/${name}`, {
        jwt,
        body: { monthlyQuota: 1, perSecond: 1, perMinute: 1, perHour: 1 },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        errorBody.badRequest(
          Messages.invalidField(
            'name',
            "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
          ),
        ),
      );
    },
  );

  it("applies a license's new quota at once to the accounts holding it", async () => {
    await api.put('/admin/licenses/small', { jwt, body: { monthlyQuota: 100, ...RATES } });
    const holder = await newTokenHolder(api);
    await api.patch(`/admin/accounts/${holder.id}`, { jwt, body: { license: 'small' } });
    const first = await api.get('/lotteries', { token: holder.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-quota-limit')).toBe('100');

    await api.put('/admin/licenses/small', { jwt, body: { monthlyQuota: 1, ...RATES } });
    const refused = await api.get('/lotteries', { token: holder.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody.forbidden(Messages.quotaExceeded));
  });

  it('deletes a license: its holders are left without one, effective at once', async () => {
    await api.put('/admin/licenses/doomed', { jwt, body: { monthlyQuota: 100, ...RATES } });
    const holder = await newTokenHolder(api);
    await api.patch(`/admin/accounts/${holder.id}`, { jwt, body: { license: 'doomed' } });
    expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);

    const res = await api.delete('/admin/licenses/doomed', { jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const refused = await api.get('/lotteries', { token: holder.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody.forbidden(Messages.noLicense));
    expect((await api.get(`/admin/accounts/${holder.id}`, { jwt })).body.license).toBeNull();
    expect(
      (await api.get('/admin/licenses', { jwt })).body.licenses.map((l: { name: string }) => l.name),
    ).not.toContain('doomed');
  });

  it.each(['never-existed', 'Not%20A%20Name'])(
    'answers 404 when deleting the unknown license %s',
    async (name) => {
      const res = await api.delete(`/admin/licenses/${name}`, { jwt });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody.notFound(Messages.licenseNotFound));
    },
  );

  it('shows an unlimited quota as null in the usage', async () => {
    await api.put('/admin/licenses/unlimited', { jwt, body: { monthlyQuota: null, ...RATES } });
    const holder = await newTokenHolder(api);
    const res = await api.patch(`/admin/accounts/${holder.id}`, { jwt, body: { license: 'unlimited' } });
    expect(res.body.usage).toMatchObject({ used: 0, quota: null, remaining: null });
  });

  describe('POST /admin/licenses', () => {
    it('creates a license, and refuses to replace an existing one (409) without changing it', async () => {
      const created = await api.post('/admin/licenses', {
        jwt,
        body: { name: 'created-once', monthlyQuota: 5000, ...RATES },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ name: 'created-once', monthlyQuota: 5000, ...RATES });

      for (const name of ['created-once', 'basic']) {
        const again = await api.post('/admin/licenses', { jwt, body: { name, monthlyQuota: 7, ...RATES } });
        expect(again.status).toBe(409);
        expect(again.body).toEqual(errorBody.conflict(Messages.licenseExists));
      }
      const listed = (await api.get('/admin/licenses', { jwt })).body.licenses;
      expect(listed).toEqual(
        expect.arrayContaining([
          { name: 'created-once', monthlyQuota: 5000, ...RATES },
          { name: 'basic', monthlyQuota: 50000, ...RATES },
        ]),
      );
    });

    it.each([
      [{ name: 'Bad Name', monthlyQuota: 1, ...RATES }, 'name'],
      [{ monthlyQuota: 1, ...RATES }, 'name'],
      [{ name: 'ok-name', monthlyQuota: -1, ...RATES }, 'monthlyQuota'],
      [{ name: 'ok-name', monthlyQuota: 1, ...RATES, perSecond: 0 }, 'perSecond'],
    ])('answers 400 to %j, naming %s', async (body, field) => {
      const res = await api.post('/admin/licenses', { jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 401, error: 'Bad Request' });
      expect(res.body.message).toContain(`'${field}'`);
    });

    it('names the license name rule exactly', async () => {
      const res = await api.post('/admin/licenses', {
        jwt,
        body: { name: 'Bad Name', monthlyQuota: 1, ...RATES },
      });
      expect(res.body).toEqual(
        errorBody.badRequest(
          Messages.invalidField(
            'name',
            "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
          ),
        ),
      );
    });

    it('is for administrators only', async () => {
      const holder = await newTokenHolder(api);
      const res = await api.post('/admin/licenses', {
        jwt: holder.jwt,
        body: { name: 'sneaky', monthlyQuota: null, ...RATES },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody.forbidden(Messages.adminRequired));
    });
  });

  describe('GET /licenses/default', () => {
    it('tells anyone, without credentials, the license a new account receives', async () => {
      const res = await api.get('/licenses/default');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: 'free', monthlyQuota: 1000, ...RATES });
    });

    it('answers 404 when new accounts receive no license', async () => {
      const noDefault = await createTestApp({ DEFAULT_LICENSE: '' });
      try {
        const res = await http(noDefault.baseUrl).get('/licenses/default');
        expect(res.status).toBe(404);
        expect(res.body).toEqual(errorBody.notFound(Messages.defaultLicenseMissing));
      } finally {
        await noDefault.close();
      }
    });
  });
});
