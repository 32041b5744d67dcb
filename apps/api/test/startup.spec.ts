import { createTestApp, TestApp } from './support/test-app';
import { http } from './support/http';

describe('start-up accounts', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('creates the ADMIN_EMAIL administrator when it does not exist (contract section 4, bootstrap)', async () => {
    app = await createTestApp({ ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'boss password 1' });
    expect(app.running.report.admin).toEqual({ email: 'boss@example.test', outcome: 'created' });
    const api = http(app.baseUrl);
    const login = await api.post('/auth/login', {
      body: { email: 'boss@example.test', password: 'boss password 1' },
    });
    expect(login.status).toBe(200);
    const profile = await api.get('/profile', { jwt: login.body.accessToken });
    expect(profile.body).toMatchObject({ email: 'boss@example.test', role: 'admin', disabled: false });
    expect((await api.get('/admin/accounts', { jwt: login.body.accessToken })).status).toBe(200);
  });

  it('leaves an existing administrator as it is on the next start', async () => {
    const env = { ADMIN_EMAIL: 'again@example.test', ADMIN_PASSWORD: 'first password' };
    app = await createTestApp(env);
    const second = await createTestApp(
      { ...env, ADMIN_PASSWORD: 'other password' },
      { shareDatabaseWith: app },
    );
    try {
      expect(second.running.report.admin).toEqual({ email: 'again@example.test', outcome: 'exists' });
      const api = http(second.baseUrl);
      const body = { email: 'again@example.test', password: 'first password' };
      expect((await api.post('/auth/login', { body })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('without an administrator, creates a demo account whose printed token works at once', async () => {
    app = await createTestApp({ CREATE_DEMO_ACCOUNT: 'true' });
    const demo = app.running.report.demo;
    expect(demo?.email).toBe('demo@example.com');
    expect(demo?.token).toMatch(/^lr_[0-9A-Za-z]{32}$/);
    const api = http(app.baseUrl);
    const latest = await api.get('/lottery/us_powerball/draw/latest/numbers', { token: demo?.token });
    expect(latest.status).toBe(200);
    expect(latest.body.date).toBe('2026-08-05');
  });
});
