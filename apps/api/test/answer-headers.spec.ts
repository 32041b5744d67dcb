import { newAccount, newAdmin, PASSWORD } from './support/fixtures';
import { http, Http, TestResponse } from './support/http';
import { answerBeforeBody } from './support/raw-exchange';
import { createTestApp, TestApp } from './support/test-app';

const tokenOf = (url: string) =>
  new URL(url.replace('#/reset-password', ''), 'http://relative.test').searchParams.get('token') ?? '';

describe('answer headers: nosniff everywhere, no-store where an answer holds a secret or a JWT', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };

  beforeAll(async () => {
    app = await createTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    api = http(app.baseUrl);
    admin = await newAdmin(app, api);
  });
  afterAll(() => app.close());

  it('X-Content-Type-Options: nosniff on answers, refusals and the parser’s own errors', async () => {
    const answers = [
      await api.get('/health/live'),
      await api.get('/lottery'),
      await api.get('/no/such/route'),
      await api.post('/auth/login', { body: { email: 'x'.repeat(9000) } }),
      await api.get('/openapi.json'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 404, 413, 200]);
    for (const res of answers) expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Refused by Node's HTTP parser, before any route: written by hand (handleClientError).
    const malformed = await answerBeforeBody(app.baseUrl, 'HELLO THERE\r\nHost: x');
    expect(malformed).toMatchObject({ status: 400, headers: { 'x-content-type-options': 'nosniff' } });
  });

  it('Cache-Control: no-store on every answer that holds a JWT, an API token, a signing secret or a reset link', async () => {
    const noStore = (res: TestResponse, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('cache-control')).toBe('no-store');
    };
    const account = await newAccount(api);
    const login = await api.post('/auth/login', { body: { email: account.email, password: PASSWORD } });
    noStore(login, 200);
    const jwt = login.body.accessToken as string;
    noStore(await api.post('/profile/token', { jwt, body: { id: 'cache' } }), 201);
    noStore(await api.post('/profile/token/cache/roll', { jwt, body: {} }), 200);
    const webhook = await api.post('/profile/webhooks', {
      jwt,
      body: { url: 'http://127.0.0.1:9/hook', events: ['draw.published'] },
    });
    noStore(webhook, 201);
    noStore(await api.post(`/profile/webhooks/${webhook.body.id}/secret/roll`, { jwt, body: {} }), 200);
    const changed = await api.put('/profile/password', {
      jwt,
      body: { currentPassword: PASSWORD, newPassword: 'another fine password 42' },
    });
    noStore(changed, 200);
    const link = await api.post(`/admin/accounts/${account.id}/password-reset`, { jwt: admin.jwt });
    noStore(link, 201);
    const reset = await api.post('/auth/password/reset', {
      body: { resetToken: tokenOf(link.body.url), newPassword: 'yet another fine password 43' },
    });
    noStore(reset, 200);
    // Answers without a secret are left to the usual rules.
    const profile = await api.get('/profile', { jwt: reset.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBeNull();
  });
});
