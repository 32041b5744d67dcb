import { request as httpRequest } from 'node:http';
import { Messages } from '../src/common/errors/messages';
import { errorBody } from './support/contract-errors';
import { newAccount, newAdmin, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { PUBLIC_URL, withMailingApp, withSharedApp } from './support/test-set-ups';

const NEW_PASSWORD = 'a brand new passphrase';
const LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;

const tokenOf = (url: string) =>
  new URL(url.replace('#/reset-password', ''), 'http://relative.test').searchParams.get('token') ?? '';

/** A POST naming another Host than the service's (fetch always sends the address it connects to). */
function postWithHost(app: TestApp, path: string, jwt: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${app.baseUrl}${path}`,
      { method: 'POST', headers: { Host: 'attacker.example', Authorization: `Bearer ${jwt}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

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
  let mailing: Awaited<ReturnType<typeof withMailingApp>>;
  let smtp: typeof mailing.smtp;
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    mailing = await withMailingApp();
    ({ smtp, app, api } = mailing);
  });
  afterAll(() => mailing.close());

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
    expect(link.body.url).toMatch(LINK);
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

  it("builds an administrator's link on PUBLIC_URL, whatever Host the request names", async () => {
    const admin = await newAdmin(app, api);
    const account = await newAccount(api);
    const link = await postWithHost(app, `/admin/accounts/${account.id}/password-reset`, admin.jwt);
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(LINK);
    expect(link.body.url).toBe(`${PUBLIC_URL}/portal/#/reset-password?token=${link.body.resetToken}`);
  });

  it('ends a mailed link when the password is changed', async () => {
    const account = await newAccount(api);
    await api.post('/auth/password/forgot', { body: { email: account.email } });
    const resetToken = LINK.exec((await smtp.mailTo(account.email)).text)![1];
    const changed = await api.put('/profile/password', {
      jwt: account.jwt,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const late = await api.post('/auth/password/reset', {
      body: { resetToken, newPassword: 'yet another one!' },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));
    expect(
      (await api.post('/auth/login', { body: { email: account.email, password: NEW_PASSWORD } })).status,
    ).toBe(200);
  });

  it('ends a pending e-mail change: the link of whoever asked it before the reset is refused', async () => {
    const owner = await newAccount(api);
    // Someone who learned the password asks to move the account to an address of theirs.
    const intruder = (await api.post('/auth/login', { body: { email: owner.email, password: PASSWORD } }))
      .body.accessToken;
    const theirs = uniqueEmail('intruder');
    const asked = await api.post('/profile/email', {
      jwt: intruder,
      body: { email: theirs, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    const confirmLink = /#\/confirm-email\?token=([A-Za-z0-9_-]{43})$/m.exec(
      (await smtp.mailTo(theirs)).text,
    )![1];
    // Warned by the notice, the owner resets the password.
    await api.post('/auth/password/forgot', { body: { email: owner.email } });
    const resetMail = await smtp.mailTo(owner.email, 5000, 'Reset your Lottery Results password');
    const reset = await api.post('/auth/password/reset', {
      body: { resetToken: LINK.exec(resetMail.text)![1], newPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);

    const confirmed = await api.post('/auth/email/confirm', { body: { token: confirmLink } });
    expect([confirmed.status, confirmed.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeInvalid),
    ]);
    await expectSessionsEnded(api, owner.email, [owner.jwt, intruder], reset.body.accessToken);
    expect((await api.post('/auth/login', { body: { email: theirs, password: NEW_PASSWORD } })).status).toBe(
      401,
    );
  });
});

describe('password recovery without e-mail (no SMTP_URL): links from an administrator', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
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
    expect(second.body).toEqual({
      url: `/portal/#/reset-password?token=${second.body.resetToken}`,
      resetToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
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

  it("never takes the link's host from the request: without PUBLIC_URL the link is relative", async () => {
    const admin = await newAdmin(app, api);
    const account = await newAccount(api);
    const link = await postWithHost(app, `/admin/accounts/${account.id}/password-reset`, admin.jwt);
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`/portal/#/reset-password?token=${link.body.resetToken}`);
    expect(JSON.stringify(link.body)).not.toContain('attacker');
  });

  it('ends every outstanding link when the password is changed, and when another link is used', async () => {
    const admin = await newAdmin(app, api);
    const account = await newAccount(api);
    const linkOf = async () =>
      (await api.post(`/admin/accounts/${account.id}/password-reset`, { jwt: admin.jwt })).body.resetToken;
    const beforeChange = await linkOf();
    const changed = await api.put('/profile/password', {
      jwt: account.jwt,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const refused = await api.post('/auth/password/reset', {
      body: { resetToken: beforeChange, newPassword: 'someone else’s choice' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(errorBody.badRequest(Messages.passwordResetInvalid));
    expect(
      (await api.post('/auth/login', { body: { email: account.email, password: NEW_PASSWORD } })).status,
    ).toBe(200);

    // A link made after the change works; the one made beside it dies when it is used.
    const [used, beside] = [await linkOf(), await linkOf()];
    const reset = await api.post('/auth/password/reset', {
      body: { resetToken: used, newPassword: 'the third passphrase' },
    });
    expect(reset.status).toBe(200);
    const late = await api.post('/auth/password/reset', {
      body: { resetToken: beside, newPassword: 'a fourth passphrase' },
    });
    expect(late.status).toBe(400);
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
