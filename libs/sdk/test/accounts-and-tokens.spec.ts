import { createClient, LotteryApiError } from '../src';
import { testApi, uniqueEmail } from './support/env';
import { adminClient, apiError, collect, registerUser, type User } from './support/fixtures';

describe('accounts and tokens', () => {
  const { baseUrl } = testApi();
  let user: User;

  beforeAll(async () => {
    user = await registerUser('tokens');
  });

  it('registers an account, refuses the same e-mail twice and logs in', async () => {
    const anonymous = createClient({ baseUrl });
    const email = uniqueEmail('Register');
    const account = await anonymous.account.register({ email, password: 'long-enough-password' });
    expect(account).toMatchObject({ email: email.toLowerCase(), role: 'user', disabled: false });
    expect(account.license?.name).toBe('free');

    const taken = await apiError(anonymous.account.register({ email, password: 'long-enough-password' }));
    expect(taken).toMatchObject({ status: 409, code: 409, error: 'Conflict' });

    const login = await anonymous.account.login({ email, password: 'long-enough-password' });
    expect(login).toMatchObject({ tokenType: 'Bearer' });
    expect(login.accessToken.split('.')).toHaveLength(3);
    expect(login.expiresIn).toBeGreaterThan(0);

    const wrong = await apiError(anonymous.account.login({ email, password: 'not-the-password' }));
    expect(wrong).toMatchObject({
      status: 401,
      code: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password.',
    });
  });

  it('reads the profile and the usage with the JWT', async () => {
    const profile = await user.account.account.profile();
    expect(profile).toMatchObject({ id: user.accountId, email: user.email, role: 'user' });
    expect(profile.usage).toMatchObject({ used: 0 });

    const usage = await user.account.account.usage();
    expect(usage.month).toMatch(/^\d{4}-\d{2}$/);
    expect(Array.isArray(usage.daily)).toBe(true);
  });

  it('tells anyone the free tier, and the holder its token allowance and usage split', async () => {
    const free = await createClient({ baseUrl }).account.defaultLicense();
    expect(free).toMatchObject({ name: 'free', monthlyQuota: expect.any(Number) });
    const other = await registerUser('allowance');
    await other.account.tokens.create({ id: 'one' });
    expect((await other.account.account.profile()).tokens).toEqual({ count: 1, max: expect.any(Number) });
    expect(await other.account.account.usage()).toMatchObject({ success: 0, errors: 0, tokens: [] });
  });

  it('changes the password: the answer is the new session, the old JWT is refused', async () => {
    const other = await registerUser('password');
    const wrong = await apiError(
      other.account.account.changePassword({ currentPassword: 'nope', newPassword: 'a-brand-new-password' }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 401, message: 'Current password is incorrect.' });
    const session = await other.account.account.changePassword({
      currentPassword: other.password,
      newPassword: 'a-brand-new-password',
    });
    expect(session.tokenType).toBe('Bearer');
    const old = await apiError(other.account.account.profile());
    expect(old).toMatchObject({ status: 401, message: 'Invalid JWT token' });
    const renewed = createClient({ baseUrl, jwt: session.accessToken });
    expect((await renewed.account.profile()).email).toBe(other.email);
  });

  it('recovers a forgotten password with a link from an administrator', async () => {
    const forgetful = await registerUser('forgetful');
    const anonymous = createClient({ baseUrl });
    // The test service sends no e-mail (no SMTP_URL), so the answer sends the visitor to an administrator.
    expect(await anonymous.account.forgotPassword({ email: forgetful.email })).toEqual({
      delivery: 'administrator',
    });
    const link = await (await adminClient()).admin.accounts.createPasswordResetLink(forgetful.accountId);
    // No PUBLIC_URL: the link is relative to the service, and its secret comes apart.
    const { resetToken } = link;
    expect(link.url).toBe(`/portal/#/reset-password?token=${resetToken}`);
    const session = await anonymous.account.resetPassword({ resetToken, newPassword: 'remembered at last' });
    expect((await createClient({ baseUrl, jwt: session.accessToken }).account.profile()).email).toBe(
      forgetful.email,
    );
    const reused = await apiError(
      anonymous.account.resetPassword({ resetToken, newPassword: 'once more!!' }),
    );
    expect(reused).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });
    expect(reused.message).toMatch(/^This password reset link is invalid/);
  });

  it('changes the e-mail address at once without SMTP, and refuses an unknown confirmation link', async () => {
    const mover = await registerUser('mover');
    const newEmail = uniqueEmail('Moved');
    const wrong = await apiError(mover.account.account.changeEmail({ email: newEmail, password: 'nope' }));
    expect(wrong).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });
    expect(wrong.message).toMatch(/^Invalid 'password' value/);
    // The test service sends no e-mail (no SMTP_URL): the address changes at once.
    const changed = await mover.account.account.changeEmail({ email: newEmail, password: mover.password });
    expect(changed).toEqual({
      delivery: 'changed',
      email: newEmail.toLowerCase(),
      pendingEmail: null,
      expiresAt: null,
    });
    expect((await mover.account.account.profile()).email).toBe(newEmail.toLowerCase());
    const anonymous = createClient({ baseUrl });
    await anonymous.account.login({ email: newEmail, password: mover.password });
    const unknown = await apiError(anonymous.account.confirmEmail({ token: 'A'.repeat(43) }));
    expect(unknown).toMatchObject({
      status: 400,
      message: 'This confirmation link is unknown, expired or already used.',
    });
    const cancel = await apiError(anonymous.account.cancelEmailChange({ token: 'A'.repeat(43) }));
    expect(cancel).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });
    expect(cancel.message).toMatch(/^This cancellation link is unknown/);
  });

  it('verifies nothing without SMTP: accounts are verified at registration', async () => {
    const holder = await registerUser('verified');
    expect((await holder.account.account.profile()).emailVerified).toBe(true);
    const again = await apiError(holder.account.account.resendVerification());
    expect(again).toMatchObject({ status: 409, message: 'The e-mail address is already verified.' });
    const unknown = await apiError(createClient({ baseUrl }).account.verifyEmail({ token: 'A'.repeat(43) }));
    expect(unknown).toMatchObject({
      status: 400,
      message: 'This verification link is unknown, expired or already used.',
    });
  });

  it('refuses account endpoints without a JWT or with a bad one', async () => {
    const none = await apiError(createClient({ baseUrl }).account.profile());
    expect(none).toMatchObject({
      status: 401,
      code: 401,
      error: 'Unauthorized',
      message: 'Authorization header missing',
    });

    const forged = await apiError(createClient({ baseUrl, jwt: 'not.a.jwt' }).tokens.list());
    expect(forged).toMatchObject({ status: 401, code: 401, message: 'Invalid JWT token' });
  });

  it('runs a token through its whole life: create (secret once), list, get, update, delete, then a 401', async () => {
    const created = await user.account.tokens.create({ id: 'lifecycle', description: 'first' });
    expect(created).toMatchObject({ id: 'lifecycle', description: 'first', lastUsedAt: null });
    expect(created.token.length).toBeGreaterThanOrEqual(22);
    expect(created.prefix).toBe(created.token.slice(0, 8));

    // The secret works on a lottery endpoint right away.
    const withToken = createClient({ baseUrl, token: created.token });
    await expect(withToken.lottery.get('au_powerball')).resolves.toMatchObject({ tag: 'au_powerball' });

    // Listings and reads never show the secret again.
    const page = await user.account.tokens.list();
    expect(page).toMatchObject({ limit: 15, offset: 0, more: false });
    const listed = page.tokens?.find((token) => token.id === 'lifecycle');
    expect(listed).toMatchObject({ id: 'lifecycle', prefix: created.prefix });
    expect(listed).not.toHaveProperty('token');
    const fetched = await user.account.tokens.get('lifecycle');
    expect(fetched).not.toHaveProperty('token');
    expect(fetched.prefix).toBe(created.prefix);

    const updated = await user.account.tokens.update('lifecycle', { description: 'renamed' });
    expect(updated).toMatchObject({ id: 'lifecycle', description: 'renamed' });

    // A roll gives a new secret under the same id; with a grace period the old one still works meanwhile.
    const rolled = await user.account.tokens.roll('lifecycle', { graceSeconds: 60 });
    expect(rolled).toMatchObject({ id: 'lifecycle', description: 'renamed', createdAt: created.createdAt });
    expect(rolled.token).not.toBe(created.token);
    await expect(withToken.lottery.get('au_powerball')).resolves.toMatchObject({ tag: 'au_powerball' });
    const withRolled = createClient({ baseUrl, token: rolled.token });
    await expect(withRolled.lottery.get('au_powerball')).resolves.toMatchObject({ tag: 'au_powerball' });

    await expect(user.account.tokens.delete('lifecycle')).resolves.toBeUndefined();
    const gone = await apiError(user.account.tokens.get('lifecycle'));
    expect(gone).toMatchObject({ status: 404, code: 404, error: 'Not Found', message: 'Token not found.' });

    // A deleted token is revoked at once: the same client now gets a typed 401.
    const revoked = await apiError(withToken.lottery.get('au_powerball'));
    expect(revoked).toBeInstanceOf(LotteryApiError);
    expect(revoked).toMatchObject({
      status: 401,
      code: 401,
      error: 'Unauthorized',
      message: 'Invalid bearer authentification',
    });
  });

  it('gives typed 400s for bad token ids, with the seed body code 401', async () => {
    const empty = await apiError(user.account.tokens.create({ id: '' }));
    expect(empty).toMatchObject({
      status: 400,
      code: 401,
      error: 'Bad Request',
      message: "Invalid request. The token 'id' field must not be empty.",
    });
    await user.account.tokens.create({ id: 'twice' });
    const duplicate = await apiError(user.account.tokens.create({ id: 'twice' }));
    expect(duplicate).toMatchObject({
      status: 400,
      code: 401,
      message: 'Token already exists with the provided identifier.',
    });
  });

  it('encodes token ids in paths, so any id round-trips', async () => {
    const id = 'odd id/with?reserved#chars';
    await user.account.tokens.create({ id });
    await expect(user.account.tokens.get(id)).resolves.toMatchObject({ id });
    await user.account.tokens.delete(id);
  });

  it('iterates over every token with tokens(), across pages', async () => {
    const other = await registerUser('many-tokens');
    const ids = Array.from({ length: 10 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    for (const id of ids) await other.account.tokens.create({ id });
    const firstPage = await other.account.tokens.list({ limit: 4 });
    expect(firstPage).toMatchObject({ limit: 4, more: true, total: 10 });
    const all = await collect(other.account.tokens());
    expect(all.map((token) => token.id).sort()).toEqual(ids);
  });

  it('keeps clients independent: two tokens, two accounts, no shared state', async () => {
    const a = await user.account.tokens.create({ id: 'independent' });
    const b = createClient({ baseUrl, token: 'lr_not-a-real-token' });
    const good = createClient({ baseUrl, token: a.token });
    const [ok, bad] = await Promise.allSettled([good.lottery.get('uk_lotto'), b.lottery.get('uk_lotto')]);
    expect(ok.status).toBe('fulfilled');
    expect(bad.status === 'rejected' && bad.reason).toMatchObject({
      status: 401,
      message: 'Invalid bearer authentification',
    });
  });

  it('reads credentials through functions, so an app can swap them', async () => {
    const session: { jwt?: string } = {};
    const client = createClient({ baseUrl, jwt: () => session.jwt });
    expect((await apiError(client.account.profile())).message).toBe('Authorization header missing');
    session.jwt = user.jwt;
    await expect(client.account.profile()).resolves.toMatchObject({ email: user.email });
  });

  it('deletes the account with its password: its login stops working', async () => {
    const doomed = await registerUser('doomed');
    const wrong = await apiError(doomed.account.account.delete({ password: 'not the password' }));
    expect(wrong).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });
    expect(wrong.message).toBe("Invalid 'password' value. Expected the account's current password.");
    await expect(doomed.account.account.delete({ password: doomed.password })).resolves.toBeUndefined();
    const login = await apiError(
      createClient({ baseUrl }).account.login({ email: doomed.email, password: doomed.password }),
    );
    expect(login).toMatchObject({ status: 401, message: 'Invalid email or password.' });
  });
});
