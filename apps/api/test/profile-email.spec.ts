import { Messages } from '../src/common/errors/messages';
import { errorBody } from './support/contract-errors';
import { newAccount, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { PUBLIC_URL, withMailingApp, withSharedApp } from './support/test-set-ups';

const LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/confirm-email\?token=([A-Za-z0-9_-]{43})$/m;
const CANCEL_LINK = /^https:\/\/lottery\.example\.test\/portal\/#\/cancel-email\?token=([A-Za-z0-9_-]{43})$/m;
const EMAIL_MESSAGE = Messages.invalidField('email', 'an email address of at most 254 characters');
const NEW_PASSWORD = 'the owner chose another passphrase';
const NOTICE = 'A change of your Lottery Results e-mail address was asked';
const TRIED = 'Someone tried to move a Lottery Results account to this address';

const login = (api: Http, email: string, password = PASSWORD) =>
  api.post('/auth/login', { body: { email, password } }).then((res) => res.status);

/** Another session of the account (as whoever learned the password would open). */
const anotherSession = async (api: Http, email: string): Promise<string> =>
  (await api.post('/auth/login', { body: { email, password: PASSWORD } })).body.accessToken;

/** Lets the account ask again at once (the one request a minute is tested on its own). */
const olderThanAMinute = (app: TestApp, accountId: string) =>
  sql(
    app,
    `UPDATE accounts SET email_change_asked_at = email_change_asked_at - interval '2 minutes' WHERE id = $1`,
    [accountId],
  );

/** The answer as a prober compares it: status, the body's keys and fixed values, and the headers. */
function shapeOf(res: { status: number; body: any; headers: Headers }) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'x-request-id', 'x-ratelimit-remaining'].includes(name)),
  );
  return { status: res.status, keys: Object.keys(res.body).sort(), delivery: res.body.delivery, headers };
}

describe('changing the e-mail address by a link to the new one (SMTP_URL set)', () => {
  let mailing: Awaited<ReturnType<typeof withMailingApp>>;
  let smtp: typeof mailing.smtp;
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    mailing = await withMailingApp();
    ({ smtp, app, api } = mailing);
  });
  afterAll(() => mailing.close());

  /** Asks for the change and returns the secret of the link mailed to the new address. */
  async function ask(account: { jwt: string }, email: string): Promise<string> {
    const asked = await api.post('/profile/email', { jwt: account.jwt, body: { email, password: PASSWORD } });
    expect(asked.status).toBe(202);
    const mail = await smtp.mailTo(email);
    return LINK.exec(mail.text)![1];
  }

  /** The secret of the cancellation link in the latest notice to `email` (the account's current address). */
  async function cancelSecretOf(email: string): Promise<string> {
    await smtp.mailTo(email, 5000, NOTICE);
    const notices = smtp.received.filter((m) => m.to.includes(email) && m.subject === NOTICE);
    return CANCEL_LINK.exec(notices[notices.length - 1].text)![1];
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
    expect(notice.subject).toBe(NOTICE);
    expect(notice.text).toContain(`to ${wanted} was asked`);
    expect(notice.text).toContain('Nothing changes unless the link sent to that address is opened');
    expect(notice.text).toContain('Changing or resetting your password cancels the change too.');
    expect(notice.text).not.toContain(token);
    // Its own "this wasn't me" link, of which only the hash is stored too.
    const cancelToken = CANCEL_LINK.exec(notice.text)![1];
    expect(cancelToken).not.toBe(token);
    const [{ cancel_hash }] = await sql(app, `SELECT cancel_hash FROM email_changes WHERE account_id = $1`, [
      account.id,
    ]);
    expect(cancel_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cancel_hash).not.toBe(rows[0].secret_hash);

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
    // A confirmed change cannot be cancelled any more.
    const late = await api.post('/auth/email/cancel', { body: { token: cancelToken } });
    expect([late.status, late.body]).toEqual([400, errorBody.badRequest(Messages.emailChangeCancelInvalid)]);
    expect((await api.get('/profile', { jwt: account.jwt })).status).toBe(200);
  });

  it('ends a pending change when the owner changes the password: the link of whoever asked is refused', async () => {
    const owner = await newAccount(api);
    // Someone who learned the password logs in and asks to move the account to an address of theirs.
    const intruder = await anotherSession(api, owner.email);
    const theirs = uniqueEmail('intruder');
    const token = await ask({ jwt: intruder }, theirs);
    const cancelToken = await cancelSecretOf(owner.email);
    // Warned by the notice, the owner changes the password, as it advises.
    const changed = await api.put('/profile/password', {
      jwt: owner.jwt,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);

    const confirmed = await api.post('/auth/email/confirm', { body: { token } });
    expect([confirmed.status, confirmed.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeInvalid),
    ]);
    const cancelled = await api.post('/auth/email/cancel', { body: { token: cancelToken } });
    expect([cancelled.status, cancelled.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeCancelInvalid),
    ]);
    expect((await api.get('/profile', { jwt: changed.body.accessToken })).body.email).toBe(owner.email);
    expect(await login(api, owner.email, NEW_PASSWORD)).toBe(200);
    expect(await login(api, theirs, NEW_PASSWORD)).toBe(401);
    expect((await api.get('/profile', { jwt: intruder })).status).toBe(401);
  });

  it("cancels a change with the notice's link, once: its confirmation link fails and every session ends", async () => {
    const owner = await newAccount(api);
    const intruder = await anotherSession(api, owner.email);
    const theirs = uniqueEmail('intruder');
    const token = await ask({ jwt: intruder }, theirs);
    const cancelToken = await cancelSecretOf(owner.email);

    const cancelled = await api.post('/auth/email/cancel', { body: { token: cancelToken } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ email: owner.email, cancelledEmail: theirs });
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    for (const jwt of [owner.jwt, intruder]) {
      const ended = await api.get('/profile', { jwt });
      expect([ended.status, ended.body]).toEqual([401, errorBody.unauthorized(Messages.invalidJwt)]);
    }
    const confirmed = await api.post('/auth/email/confirm', { body: { token } });
    expect([confirmed.status, confirmed.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeInvalid),
    ]);
    const again = await api.post('/auth/email/cancel', { body: { token: cancelToken } });
    expect([again.status, again.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeCancelInvalid),
    ]);
    // The address stays; the password too (the holder chooses a new one next, through the reset link).
    expect(await login(api, owner.email)).toBe(200);
    expect(await login(api, theirs)).toBe(401);
  });

  it('answers a taken address exactly like a free one, mailing no link to it', async () => {
    // Two accounts, addresses of one length, so that every byte of the answers may be compared.
    const base = uniqueEmail('prober');
    const [prober, control] = await Promise.all(
      ['a', 'b'].map(async (prefix) => {
        const email = `${prefix}${base}`;
        expect((await api.post('/auth/register', { body: { email, password: PASSWORD } })).status).toBe(201);
        return { email, jwt: await anotherSession(api, email) };
      }),
    );
    const holder = await newAccount(api, 'holder');
    const taken = holder.email;
    const free = `x${taken.slice(1)}`;

    const forTaken = await api.post('/profile/email', {
      jwt: prober.jwt,
      body: { email: taken, password: PASSWORD },
    });
    const forFree = await api.post('/profile/email', {
      jwt: control.jwt,
      body: { email: free, password: PASSWORD },
    });
    expect(shapeOf(forTaken)).toEqual(shapeOf(forFree));
    expect(forTaken.status).toBe(202);
    expect(forTaken.body).toEqual({
      delivery: 'email',
      email: prober.email,
      pendingEmail: taken,
      expiresAt: expect.any(String),
    });
    expect(forTaken.text.length).toBe(forFree.text.length);

    // The free address gets its link; the taken one only a word that nothing changes.
    expect(LINK.test((await smtp.mailTo(free)).text)).toBe(true);
    const tried = await smtp.mailTo(taken, 5000, TRIED);
    expect(tried.text).toContain('This address already has an account, so nothing changes');
    expect(tried.text).not.toContain('token=');
    expect(tried.text).not.toContain(prober.email);
    // Both current addresses get the usual notice, with a working cancellation link.
    for (const { email } of [prober, control]) {
      const notice = await smtp.mailTo(email, 5000, NOTICE);
      expect(CANCEL_LINK.test(notice.text)).toBe(true);
    }
    const cancelled = await api.post('/auth/email/cancel', {
      body: { token: await cancelSecretOf(prober.email) },
    });
    expect([cancelled.status, cancelled.body]).toEqual([200, { email: prober.email, cancelledEmail: taken }]);
    expect(await login(api, taken)).toBe(200);
    expect(smtp.received.filter((m) => m.to.includes(taken))).toHaveLength(1);
  });

  it('counts a request for a taken address in the one a minute, before telling anything', async () => {
    const prober = await newAccount(api);
    const holder = await newAccount(api, 'holder');
    const first = await api.post('/profile/email', {
      jwt: prober.jwt,
      body: { email: holder.email, password: PASSWORD },
    });
    expect(first.status).toBe(202);
    for (const email of [uniqueEmail('free'), holder.email]) {
      const refused = await api.post('/profile/email', {
        jwt: prober.jwt,
        body: { email, password: PASSWORD },
      });
      expect([refused.status, refused.body]).toEqual([429, errorBody.tooManyRequests()]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    }
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
    // Refused before the one a minute: nothing was counted.
    expect(await sql(app, `SELECT email_change_asked_at FROM accounts WHERE id = $1`, [account.id])).toEqual([
      { email_change_asked_at: null },
    ]);
  });

  it('refuses a link whose address was taken after it was sent (409)', async () => {
    const account = await newAccount(api);
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

  it('needs a session to ask, and a well-formed token to confirm or cancel', async () => {
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
      const cancel = await api.post('/auth/email/cancel', { body });
      expect([cancel.status, cancel.body]).toEqual([
        400,
        errorBody.badRequest(
          Messages.invalidField('token', 'the token of an e-mail change cancellation link'),
        ),
      ]);
    }
    const unknown = await api.post('/auth/email/cancel', { body: { token: 'A'.repeat(43) } });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      errorBody.badRequest(Messages.emailChangeCancelInvalid),
    ]);
  });
});

describe('changing the e-mail address without e-mail (no SMTP_URL): at once', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
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
    await olderThanAMinute(app, other.id);
    const back = await api.post('/profile/email', {
      jwt: other.jwt,
      body: { email: account.email, password: PASSWORD },
    });
    expect([back.status, back.body.email]).toEqual([200, account.email]);
  });

  it('tells a taken address (409) at most once a minute: the limit comes first, for every request', async () => {
    const prober = await newAccount(api);
    const holders = [await newAccount(api, 'holder'), await newAccount(api, 'holder')];
    const taken = await api.post('/profile/email', {
      jwt: prober.jwt,
      body: { email: holders[0].email, password: PASSWORD },
    });
    expect([taken.status, taken.body]).toEqual([409, errorBody.conflict(Messages.emailTaken)]);
    for (const email of [holders[1].email, uniqueEmail('free')]) {
      const refused = await api.post('/profile/email', {
        jwt: prober.jwt,
        body: { email, password: PASSWORD },
      });
      expect([refused.status, refused.body]).toEqual([429, errorBody.tooManyRequests()]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    await olderThanAMinute(app, prober.id);
    const next = await api.post('/profile/email', {
      jwt: prober.jwt,
      body: { email: holders[1].email, password: PASSWORD },
    });
    expect([next.status, next.body]).toEqual([409, errorBody.conflict(Messages.emailTaken)]);
  });
});
