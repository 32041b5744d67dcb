import { Messages } from '../src/common/errors/messages';
import { errorBody } from './support/contract-errors';
import { newAccount, newAdmin, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, Http } from './support/http';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../tools/testing/smtp-receiver';
import { createTestApp, TestApp } from './support/test-app';

const NEW_PASSWORD = 'a brand new passphrase';
const PUBLIC_URL = 'https://lottery.example.test';
const LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;

const tokenOf = (url: string) => new URL(url.replace('#/reset-password', '')).searchParams.get('token') ?? '';

async function expectSessionsEnded(api: Http, email: string, oldJwts: string[], newJwt: string) {
  for (const jwt of oldJwts) {
    const refused = await api.get('/profile', { jwt });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorBody.unauthorized(Messages.invalidJwt));
  }
  expect((await api.get('/profile', { jwt: newJwt })).status).toBe(200);
  expect((await api.post('/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
  expect((await api.post('/auth/login', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
}

describe('password recovery by e-mail (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lottery Results <no-reply@lottery.example.test>',
      PUBLIC_URL,
    });
    api = http(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('mails a one-time link; using it sets the password, ends every older session and logs in', async () => {
    const account = await newAccount(api);
    const otherSession = (
      await api.post('/auth/login', { body: { email: account.email, password: PASSWORD } })
    ).body.accessToken;

    const asked = await api.post('/auth/password/forgot', { body: { email: account.email.toUpperCase() } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ delivery: 'email' });

    const mail = await smtp.mailTo(account.email);
    expect(mail.from).toBe('no-reply@lottery.example.test');
    expect(mail.subject).toBe('Reset your Lottery Results password');
    const link = LINK.exec(mail.text);
    expect(link).not.toBeNull();
    const resetToken = link![1];

    const reset = await api.post('/auth/password/reset', { body: { resetToken, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    await expectSessionsEnded(api, account.email, [account.jwt, otherSession], reset.body.accessToken);

    const again = await api.post('/auth/password/reset', {
      body: { resetToken, newPassword: 'yet another one!' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));
  });

  it('answers an unknown address exactly like a known one, and mails nothing to it', async () => {
    const stranger = uniqueEmail('nobody');
    const known = await newAccount(api);
    const forStranger = await api.post('/auth/password/forgot', { body: { email: stranger } });
    const forKnown = await api.post('/auth/password/forgot', { body: { email: known.email } });
    expect([forStranger.status, forStranger.body]).toEqual([forKnown.status, forKnown.body]);
    await smtp.mailTo(known.email); // asked after the stranger's: by now the stranger's request is done
    expect(smtp.received.filter((m) => m.to.includes(stranger))).toEqual([]);
  });

  it('sends at most one e-mail a minute to an account', async () => {
    const flooded = await newAccount(api);
    await api.post('/auth/password/forgot', { body: { email: flooded.email } });
    await smtp.mailTo(flooded.email);
    for (let i = 0; i < 3; i += 1) {
      expect((await api.post('/auth/password/forgot', { body: { email: flooded.email } })).status).toBe(202);
    }
    const witness = await newAccount(api);
    await api.post('/auth/password/forgot', { body: { email: witness.email } });
    await smtp.mailTo(witness.email);
    expect(smtp.received.filter((m) => m.to.includes(flooded.email))).toHaveLength(1);
  });

  it('refuses an expired link, and lets only one of two simultaneous uses through', async () => {
    const admin = await newAdmin(app, api);
    const expiring = await newAccount(api);
    const link = await api.post(`/admin/accounts/${expiring.id}/password-reset`, { jwt: admin.jwt });
    expect(link.body.url).toMatch(LINK); // PUBLIC_URL wins over the request's address
    await sql(
      app,
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [expiring.id],
    );
    const late = await api.post('/auth/password/reset', {
      body: { resetToken: tokenOf(link.body.url), newPassword: NEW_PASSWORD },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));

    const raced = await newAccount(api);
    const raceLink = await api.post(`/admin/accounts/${raced.id}/password-reset`, { jwt: admin.jwt });
    const body = { resetToken: tokenOf(raceLink.body.url), newPassword: NEW_PASSWORD };
    const answers = await Promise.all([1, 2, 3].map(() => api.post('/auth/password/reset', { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });
});

describe('password recovery without e-mail (no SMTP_URL): links from an administrator', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  it('tells the visitor to ask an administrator', async () => {
    const account = await newAccount(api);
    const asked = await api.post('/auth/password/forgot', { body: { email: account.email } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ delivery: 'administrator' });
    expect(await sql(app, `SELECT 1 FROM password_resets WHERE account_id = $1`, [account.id])).toEqual([]);
  });

  it('lets an administrator create a link valid for a day; using one ends the older links too', async () => {
    const admin = await newAdmin(app, api);
    const account = await newAccount(api);
    const first = await api.post(`/admin/accounts/${account.id}/password-reset`, { jwt: admin.jwt });
    const second = await api.post(`/admin/accounts/${account.id}/password-reset`, { jwt: admin.jwt });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ url: expect.any(String), expiresAt: expect.any(String) });
    expect(second.body.url.startsWith(`${app.baseUrl}/portal/#/reset-password?token=`)).toBe(true);
    const lifetimeHours = (Date.parse(second.body.expiresAt) - Date.now()) / 3_600_000;
    expect(lifetimeHours).toBeGreaterThan(23.9);
    expect(lifetimeHours).toBeLessThanOrEqual(24);

    const reset = await api.post('/auth/password/reset', {
      body: { resetToken: tokenOf(second.body.url), newPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    await expectSessionsEnded(api, account.email, [account.jwt], reset.body.accessToken);
    const older = await api.post('/auth/password/reset', {
      body: { resetToken: tokenOf(first.body.url), newPassword: 'someone else’s choice' },
    });
    expect(older.status).toBe(400);
    expect(older.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));
  });

  it('keeps the route to administrators and answers 404 for an unknown account', async () => {
    const user = await newAccount(api);
    const admin = await newAdmin(app, api);
    const byUser = await api.post(`/admin/accounts/${user.id}/password-reset`, { jwt: user.jwt });
    expect(byUser.status).toBe(403);
    expect(byUser.body).toEqual(errorBody.forbidden(Messages.adminRequired));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await api.post(`/admin/accounts/${id}/password-reset`, { jwt: admin.jwt });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(errorBody.notFound(Messages.accountNotFound));
    }
  });

  it.each([
    [
      '/auth/password/forgot',
      {},
      Messages.invalidField('email', 'an email address of at most 254 characters'),
    ],
    [
      '/auth/password/forgot',
      { email: 'no at sign' },
      Messages.invalidField('email', 'an email address of at most 254 characters'),
    ],
    [
      '/auth/password/reset',
      { newPassword: NEW_PASSWORD },
      Messages.invalidField('resetToken', 'the token of a password reset link'),
    ],
    [
      '/auth/password/reset',
      { resetToken: 'a b', newPassword: NEW_PASSWORD },
      Messages.invalidField('resetToken', 'the token of a password reset link'),
    ],
    [
      '/auth/password/reset',
      { resetToken: 'abc', newPassword: 'short' },
      Messages.invalidField('newPassword', 'a string of 10 to 128 characters'),
    ],
  ])('POST %s %j → 400', async (path, body, message) => {
    const res = await api.post(path, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(message));
  });

  it('refuses a well-formed token that no link has', async () => {
    const res = await api.post('/auth/password/reset', {
      body: { resetToken: 'A'.repeat(43), newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));
  });
});
