import { Messages } from '../src/common/errors/messages';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { errorBody } from './support/contract-errors';
import { newAdmin, newToken, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, Http } from './support/http';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../tools/testing/smtp-receiver';
import { createTestApp, TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';

const PUBLIC_URL = 'https://lottery.example.test';
const VERIFY_LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/verify-email\?token=([A-Za-z0-9_-]{43})$/m;
const CONFIRM_LINK = /#\/confirm-email\?token=([A-Za-z0-9_-]{43})$/m;
const SUBJECT = 'Confirm your Lottery Results e-mail address';
const FREE = { name: 'free', monthlyQuota: 1000, perSecond: 20, perMinute: 1200, perHour: 72000 };

/** Registers and logs in; returns the registration's answer with the session. */
async function register(api: Http, label = 'verify') {
  const email = uniqueEmail(label);
  const registered = await api.post('/auth/register', { body: { email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const jwt = (await api.post('/auth/login', { body: { email, password: PASSWORD } })).body.accessToken;
  return { id: registered.body.id as string, email, jwt, registered };
}

describe('verifying the address before the free license (SMTP_URL set: REGISTRATION_VERIFY_EMAIL on)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // REGISTRATION_VERIFY_EMAIL is not set: on by default with SMTP_URL.
    app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
    api = http(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** The secret of the `nth` verification link mailed to `email` (1: the registration's), once it arrived. */
  async function linkTo(email: string, nth = 1): Promise<string> {
    for (let waited = 0; waited < 5000; waited += 50) {
      const mails = smtp.received.filter((m) => m.to.includes(email) && m.subject === SUBJECT);
      if (mails.length >= nth) return VERIFY_LINK.exec(mails[nth - 1].text)![1];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No verification link number ${nth} to ${email}`);
  }

  const verify = (token: string) => api.post('/auth/email/verify', { body: { token } });
  const resend = (jwt: string) => api.post('/profile/email/verification', { jwt });

  it('registers without a license and mails a link; opening it verifies the address and grants the license, once', async () => {
    const account = await register(api);
    expect(account.registered.body).toMatchObject({
      email: account.email,
      emailVerified: false,
      license: null,
    });
    expect(account.registered.body.usage).toMatchObject({ quota: 0, remaining: 0 });
    // Until then its tokens are refused like any unlicensed account's.
    const token = await newToken(api, account.jwt);
    const refused = await api.get('/lotteries', { token });
    expect([refused.status, refused.body]).toEqual([403, errorBody.forbidden(Messages.noLicense)]);

    const mail = await smtp.mailTo(account.email, 5000, SUBJECT);
    expect(mail.text).toContain(`to confirm that ${account.email} is your address`);
    expect(mail.text).toContain('Your account receives its license (free) once the address is confirmed.');
    const secret = VERIFY_LINK.exec(mail.text)![1];
    const rows = await sql(app, 'SELECT email, secret_hash FROM email_verifications WHERE account_id = $1', [
      account.id,
    ]);
    expect(rows).toEqual([{ email: account.email, secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect((await api.get('/profile', { jwt: account.jwt })).body).toMatchObject({
      emailVerified: false,
      license: null,
    });

    const verified = await verify(secret);
    expect([verified.status, verified.body]).toEqual([200, { email: account.email, license: 'free' }]);
    expect(verified.headers.get('cache-control')).toBe('no-store');
    expect((await api.get('/profile', { jwt: account.jwt })).body).toMatchObject({
      emailVerified: true,
      license: FREE,
    });
    // The license holds at once for the token refused a moment ago.
    expect((await api.get('/lotteries', { token })).status).toBe(200);

    const again = await verify(secret);
    expect([again.status, again.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailVerificationInvalid),
    ]);
    const more = await resend(account.jwt);
    expect([more.status, more.body]).toEqual([409, errorBody.conflict(Messages.emailAlreadyVerified)]);
  });

  it('keeps a license an administrator gave before the link was opened', async () => {
    const admin = await newAdmin(app, api);
    const account = await register(api);
    const secret = await linkTo(account.email);
    const given = await api.patch(`/admin/accounts/${account.id}`, {
      jwt: admin.jwt,
      body: { license: 'basic' },
    });
    expect([given.status, given.body.license?.name, given.body.emailVerified]).toEqual([200, 'basic', false]);

    const verified = await verify(secret);
    expect([verified.status, verified.body]).toEqual([200, { email: account.email, license: 'basic' }]);
    const profile = await api.get('/profile', { jwt: account.jwt });
    expect([profile.body.emailVerified, profile.body.license.name]).toEqual([true, 'basic']);
  });

  it('sends the link again at most once a minute; a link used ends the others', async () => {
    const account = await register(api);
    const first = await linkTo(account.email);
    const tooSoon = await resend(account.jwt);
    expect([tooSoon.status, tooSoon.body]).toEqual([429, errorBody.tooManyRequests()]);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    await sql(
      app,
      `UPDATE email_verifications SET created_at = created_at - interval '2 minutes' WHERE account_id = $1`,
      [account.id],
    );
    const sent = await resend(account.jwt);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ email: account.email, expiresAt: expect.any(String) });
    const lifetimeHours = (Date.parse(sent.body.expiresAt) - Date.now()) / 3_600_000;
    expect(lifetimeHours).toBeGreaterThan(23.9);
    expect(lifetimeHours).toBeLessThanOrEqual(24);
    const second = await linkTo(account.email, 2);
    expect(second).not.toBe(first);

    expect((await verify(second)).status).toBe(200);
    const older = await verify(first);
    expect([older.status, older.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailVerificationInvalid),
    ]);
  });

  it('refuses an expired link, an unknown one, and one sent to an address the account no longer has', async () => {
    const late = await register(api);
    const lateSecret = await linkTo(late.email);
    await sql(
      app,
      `UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [late.id],
    );
    for (const token of [lateSecret, 'A'.repeat(43)]) {
      const refused = await verify(token);
      expect([refused.status, refused.body]).toEqual([
        400,
        errorBody.badRequest(Messages.emailVerificationInvalid),
      ]);
    }
    expect((await api.get('/profile', { jwt: late.jwt })).body).toMatchObject({
      emailVerified: false,
      license: null,
    });

    // The account moves to another address (its link verifies that one); the link sent to the old one is dead.
    const mover = await register(api);
    const oldSecret = await linkTo(mover.email);
    const wanted = uniqueEmail('moved');
    const asked = await api.post('/profile/email', {
      jwt: mover.jwt,
      body: { email: wanted, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    const confirmToken = CONFIRM_LINK.exec((await smtp.mailTo(wanted)).text)![1];
    const confirmed = await api.post('/auth/email/confirm', { body: { token: confirmToken } });
    expect([confirmed.status, confirmed.body]).toEqual([200, { email: wanted }]);
    // Confirming the change proved the new address: verified, with the license registration held back.
    expect((await api.get('/profile', { jwt: mover.jwt })).body).toMatchObject({
      email: wanted,
      emailVerified: true,
      license: FREE,
    });
    const stale = await verify(oldSecret);
    expect([stale.status, stale.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailVerificationInvalid),
    ]);
  });

  it('counts the accounts the service creates itself (ADMIN_EMAIL) as verified, with their license', async () => {
    const email = uniqueEmail('boot-admin');
    expect(await app.running.app.get(AccountsService).ensureAdmin(email, 'admin password 1')).toBe('created');
    const login = await api.post('/auth/login', { body: { email, password: 'admin password 1' } });
    expect((await api.get('/profile', { jwt: login.body.accessToken })).body).toMatchObject({
      emailVerified: true,
      license: FREE,
    });
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('lets one of several simultaneous uses of a link through', async () => {
    const account = await register(api);
    const secret = await linkTo(account.email);
    const answers = await Promise.all([1, 2, 3].map(() => verify(secret)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('needs a session to re-send, and a well-formed token to verify', async () => {
    const anonymous = await api.post('/profile/email/verification');
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      errorBody.unauthorized(Messages.authorizationHeaderMissing),
    ]);
    for (const body of [{}, { token: 'a b' }, { token: 42 }, { token: 'x'.repeat(257) }]) {
      const res = await api.post('/auth/email/verify', { body });
      expect([res.status, res.body]).toEqual([
        400,
        errorBody.badRequest(Messages.invalidField('token', 'the token of an e-mail verification link')),
      ]);
    }
  });
});

describe('registration without verification (REGISTRATION_VERIFY_EMAIL=false, or no SMTP_URL)', () => {
  it('grants DEFAULT_LICENSE at once and mails nothing, with SMTP_URL too', async () => {
    const smtp = await startSmtpReceiver();
    const app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, REGISTRATION_VERIFY_EMAIL: 'false' });
    try {
      const api = http(app.baseUrl);
      const account = await register(api, 'unverified');
      expect(account.registered.body).toMatchObject({ emailVerified: true, license: FREE });
      const sent = await api.post('/profile/email/verification', { jwt: account.jwt });
      expect([sent.status, sent.body]).toEqual([409, errorBody.conflict(Messages.emailAlreadyVerified)]);
      // A witness mailed after the registration: by now a verification e-mail would have arrived.
      await api.post('/auth/password/forgot', { body: { email: account.email } });
      await smtp.mailTo(account.email, 5000, 'Reset your Lottery Results password');
      expect(smtp.received.filter((m) => m.subject === SUBJECT)).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('grants the license at once without SMTP_URL; an account left unverified there cannot ask for a link', async () => {
    const { app, api } = await withSharedApp();
    try {
      const account = await register(api, 'no-smtp');
      expect(account.registered.body).toMatchObject({ emailVerified: true, license: FREE });
      // An account left unverified when SMTP_URL was removed: nothing to send the link with.
      await sql(app, 'UPDATE accounts SET email_verified = false WHERE id = $1', [account.id]);
      const sent = await api.post('/profile/email/verification', { jwt: account.jwt });
      expect([sent.status, sent.body]).toEqual([
        409,
        errorBody.conflict(Messages.emailVerificationUnavailable),
      ]);
    } finally {
      await app.close();
    }
  });
});
