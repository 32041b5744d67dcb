import { Messages } from '../src/common/errors/messages';
import { errorBody } from './support/contract-errors';
import { newAccount, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { http, Http } from './support/http';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../tools/testing/smtp-receiver';
import { createTestApp, TestApp } from './support/test-app';

const PUBLIC_URL = 'https://lottery.example.test';
const LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/confirm-email\?token=([A-Za-z0-9_-]{43})$/m;
const EMAIL_MESSAGE = Messages.invalidField('email', 'an email address of at most 254 characters');

const login = (api: Http, email: string) =>
  api.post('/auth/login', { body: { email, password: PASSWORD } }).then((res) => res.status);

/** Lets the account ask again at once (the one e-mail a minute is tested on its own). */
const olderThanAMinute = (app: TestApp, accountId: string) =>
  sql(app, `UPDATE email_changes SET created_at = created_at - interval '2 minutes' WHERE account_id = $1`, [
    accountId,
  ]);

describe('changing the e-mail address by a link to the new one (SMTP_URL set)', () => {
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

  /** Asks for the change and returns the secret of the link mailed to the new address. */
  async function ask(account: { jwt: string }, email: string): Promise<string> {
    const asked = await api.post('/profile/email', { jwt: account.jwt, body: { email, password: PASSWORD } });
    expect(asked.status).toBe(202);
    const mail = await smtp.mailTo(email);
    return LINK.exec(mail.text)![1];
  }

  it('mails a link to the new address and a notice to the old one; the link changes the address once', async () => {
    const account = await newAccount(api);
    const wanted = uniqueEmail('new');

    const asked = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: `  ${wanted.toUpperCase()} `, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({
      delivery: 'email',
      email: account.email,
      pendingEmail: wanted,
      expiresAt: expect.any(String),
    });
    const lifetimeHours = (Date.parse(asked.body.expiresAt) - Date.now()) / 3_600_000;
    expect(lifetimeHours).toBeGreaterThan(23.9);
    expect(lifetimeHours).toBeLessThanOrEqual(24);

    const mail = await smtp.mailTo(wanted);
    expect(mail.from).toBe('no-reply@lottery.example.test');
    expect(mail.subject).toBe('Confirm your new Lottery Results e-mail address');
    const token = LINK.exec(mail.text)![1];
    expect(mail.text).toContain(`${PUBLIC_URL}/portal/#/confirm-email?token=${token}`);
    // Only the secret's hash is stored.
    const rows = await sql(app, `SELECT new_email, secret_hash FROM email_changes WHERE account_id = $1`, [
      account.id,
    ]);
    expect(rows).toEqual([{ new_email: wanted, secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const notice = await smtp.mailTo(account.email);
    expect(notice.subject).toBe('A change of your Lottery Results e-mail address was asked');
    expect(notice.text).toContain(`to ${wanted} was asked`);
    expect(notice.text).toContain('Nothing changes unless the link sent to that address is opened');
    expect(notice.text).not.toContain(token);

    // Nothing changed yet.
    expect((await api.get('/profile', { jwt: account.jwt })).body.email).toBe(account.email);
    expect(await login(api, wanted)).toBe(401);

    const confirmed = await api.post('/auth/email/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: wanted });
    // The session that asked continues, and shows the new address; the log-in takes the new address only.
    const profile = await api.get('/profile', { jwt: account.jwt });
    expect([profile.status, profile.body.email]).toEqual([200, wanted]);
    expect(await login(api, wanted)).toBe(200);
    expect(await login(api, account.email)).toBe(401);

    const again = await api.post('/auth/email/confirm', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(errorBody.badRequest(Messages.emailChangeInvalid));
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const account = await newAccount(api);
    const token = await ask(account, uniqueEmail('late'));
    await sql(
      app,
      `UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [account.id],
    );
    for (const tried of [token, 'A'.repeat(43)]) {
      const late = await api.post('/auth/email/confirm', { body: { token: tried } });
      expect(late.status).toBe(400);
      expect(late.body).toEqual(errorBody.badRequest(Messages.emailChangeInvalid));
    }
    expect((await api.get('/profile', { jwt: account.jwt })).body.email).toBe(account.email);
  });

  it('replaces an older request with a newer one: only the newest link works', async () => {
    const account = await newAccount(api);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const firstToken = await ask(account, first);
    await olderThanAMinute(app, account.id);
    const secondToken = await ask(account, second);

    const old = await api.post('/auth/email/confirm', { body: { token: firstToken } });
    expect(old.status).toBe(400);
    expect(old.body).toEqual(errorBody.badRequest(Messages.emailChangeInvalid));
    const confirmed = await api.post('/auth/email/confirm', { body: { token: secondToken } });
    expect([confirmed.status, confirmed.body]).toEqual([200, { email: second }]);
    expect(await login(api, second)).toBe(200);
    expect(await login(api, first)).toBe(401);
  });

  it('sends at most one confirmation a minute for an account', async () => {
    const account = await newAccount(api);
    const first = uniqueEmail('flood');
    await ask(account, first);
    const second = uniqueEmail('flood');
    const refused = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: second, password: PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody.tooManyRequests());
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // A witness asked after the refusal: by now any mail of it would have arrived.
    const witness = await newAccount(api);
    await ask(witness, uniqueEmail('witness'));
    expect(smtp.received.filter((m) => m.to.includes(second))).toEqual([]);
  });

  it('refuses a wrong or missing password, the current address and a malformed one, changing nothing', async () => {
    const account = await newAccount(api);
    for (const [body, message] of [
      [{ email: uniqueEmail('x'), password: 'not the password' }, Messages.profilePasswordWrong],
      [{ email: uniqueEmail('x') }, Messages.profilePasswordWrong],
      [{ email: uniqueEmail('x'), password: '' }, Messages.profilePasswordWrong],
      [{ email: account.email.toUpperCase(), password: PASSWORD }, Messages.emailUnchanged],
      [{ email: 'no at sign', password: PASSWORD }, EMAIL_MESSAGE],
      [{ password: PASSWORD }, EMAIL_MESSAGE],
      [{ email: `${'a'.repeat(250)}@example.test`, password: PASSWORD }, EMAIL_MESSAGE],
    ] as const) {
      const res = await api.post('/profile/email', { jwt: account.jwt, body });
      expect([res.status, res.body]).toEqual([400, errorBody.badRequest(message)]);
    }
    expect(await sql(app, `SELECT 1 FROM email_changes WHERE account_id = $1`, [account.id])).toEqual([]);
  });

  it('refuses an address another account holds (409), also when it was taken after the link was sent', async () => {
    const account = await newAccount(api);
    const other = await newAccount(api);
    const taken = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: other.email, password: PASSWORD },
    });
    expect([taken.status, taken.body]).toEqual([409, errorBody.conflict(Messages.emailTaken)]);

    const wanted = uniqueEmail('raced');
    const token = await ask(account, wanted);
    const registered = await api.post('/auth/register', { body: { email: wanted, password: PASSWORD } });
    expect(registered.status).toBe(201);
    const late = await api.post('/auth/email/confirm', { body: { token } });
    expect([late.status, late.body]).toEqual([409, errorBody.conflict(Messages.emailTaken)]);
    expect((await api.get('/profile', { jwt: account.jwt })).body.email).toBe(account.email);
  });

  it('lets one of several simultaneous uses of a link through', async () => {
    const account = await newAccount(api);
    const token = await ask(account, uniqueEmail('race'));
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.post('/auth/email/confirm', { body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('needs a session to ask, and a well-formed token to confirm', async () => {
    const anonymous = await api.post('/profile/email', {
      body: { email: uniqueEmail(), password: PASSWORD },
    });
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      errorBody.unauthorized(Messages.authorizationHeaderMissing),
    ]);
    for (const body of [{}, { token: 'a b' }, { token: 42 }, { token: 'x'.repeat(257) }]) {
      const res = await api.post('/auth/email/confirm', { body });
      expect([res.status, res.body]).toEqual([
        400,
        errorBody.badRequest(Messages.invalidField('token', 'the token of an e-mail confirmation link')),
      ]);
    }
  });
});

describe('changing the e-mail address without e-mail (no SMTP_URL): at once', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  it('changes the address at once after the same checks; sessions stay valid', async () => {
    const account = await newAccount(api);
    const wanted = uniqueEmail('now');
    const wrong = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: wanted, password: 'not the password' },
    });
    expect([wrong.status, wrong.body]).toEqual([400, errorBody.badRequest(Messages.profilePasswordWrong)]);

    const changed = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: wanted.toUpperCase(), password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ delivery: 'changed', email: wanted, pendingEmail: null, expiresAt: null });
    const profile = await api.get('/profile', { jwt: account.jwt });
    expect([profile.status, profile.body.email]).toEqual([200, wanted]);
    expect(await login(api, wanted)).toBe(200);
    expect(await login(api, account.email)).toBe(401);
    expect(await sql(app, `SELECT 1 FROM email_changes WHERE account_id = $1`, [account.id])).toEqual([]);

    // The old address is free again; the new one is taken, and is the account's own now.
    const other = await newAccount(api);
    const taken = await api.post('/profile/email', {
      jwt: other.jwt,
      body: { email: wanted, password: PASSWORD },
    });
    expect([taken.status, taken.body]).toEqual([409, errorBody.conflict(Messages.emailTaken)]);
    const same = await api.post('/profile/email', {
      jwt: account.jwt,
      body: { email: wanted, password: PASSWORD },
    });
    expect([same.status, same.body]).toEqual([400, errorBody.badRequest(Messages.emailUnchanged)]);
    const back = await api.post('/profile/email', {
      jwt: other.jwt,
      body: { email: account.email, password: PASSWORD },
    });
    expect([back.status, back.body.email]).toEqual([200, account.email]);
  });
});
