import { CredentialsCache } from '../src/modules/credentials/credentials-cache.service';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';
import { newAccount, newToken, newTokenHolder, PASSWORD, sql, uniqueEmail } from './support/fixtures';
import { eventually } from './support/timing';
import { http, Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { errorBody, Messages } from './support/contract-errors';

const month = () => new Date().toISOString().slice(0, 7);
const today = () => new Date().toISOString().slice(0, 10);
const nextReset = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

/** Registers `email` (again), logs in and creates a token. */
async function newTokenHolderFor(api: Http, email: string) {
  const registered = await api.post('/auth/register', { body: { email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const jwt = (await api.post('/auth/login', { body: { email, password: PASSWORD } })).body.accessToken;
  return { id: registered.body.id as string, jwt, token: await newToken(api, jwt) };
}

describe('profile: /profile and /profile/usage', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    // Usage is written back only when a test flushes it, so "before" and "after" the write-back are both exact.
    app = await createTestApp({ USAGE_FLUSH_INTERVAL_MS: '600000' });
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  it("GET /profile returns the caller's account with its license and usage", async () => {
    const { id, email, jwt } = await newAccount(api);
    const res = await api.get('/profile', { jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      email,
      role: 'user',
      disabled: false,
      emailVerified: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      license: { name: 'free', monthlyQuota: 1000, perSecond: 20, perMinute: 1200, perHour: 72000 },
      usage: { month: month(), used: 0, quota: 1000, remaining: 1000, resetsAt: nextReset() },
      tokens: { count: 0, max: 10 },
    });
  });

  it('GET /profile counts the tokens against the per-account maximum', async () => {
    const holder = await newTokenHolder(api);
    await newToken(api, holder.jwt, 'second');
    expect((await api.get('/profile', { jwt: holder.jwt })).body.tokens).toEqual({ count: 2, max: 10 });
  });

  it('GET /profile/usage defaults to the current month', async () => {
    const { jwt } = await newAccount(api);
    const res = await api.get('/profile/usage', { jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      month: month(),
      used: 0,
      quota: 1000,
      remaining: 1000,
      resetsAt: nextReset(),
      success: 0,
      errors: 0,
      daily: [],
      tokens: [],
    });
  });

  it('GET /profile/usage reports a past month', async () => {
    const { jwt } = await newAccount(api);
    const res = await api.get('/profile/usage?month=2000-01', { jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      month: '2000-01',
      used: 0,
      quota: 1000,
      remaining: 1000,
      resetsAt: '2000-02-01T00:00:00.000Z',
      success: 0,
      errors: 0,
      daily: [],
      tokens: [],
    });
  });

  it.each([
    '2026-13',
    '2026-00',
    '2026-1',
    '26-01',
    '2026-01-01',
    'abc',
    '',
    '0000-01',
    '2026-01&month=2026-02',
  ])('GET /profile/usage?month=%s answers 400', async (value) => {
    const { jwt } = await newAccount(api);
    const res = await api.get(`/profile/usage?month=${value}`, { jwt });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(Messages.invalidField('month', "'YYYY-MM' format")));
  });

  it('counts metered calls in the usage, today included, before and after they are written back', async () => {
    const holder = await newTokenHolder(api);
    const calls = 4;
    for (let i = 0; i < calls; i++)
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
    const expected = {
      month: month(),
      used: calls,
      quota: 1000,
      remaining: 1000 - calls,
      resetsAt: nextReset(),
      success: calls,
      errors: 0,
      daily: [{ date: today(), count: calls, success: calls, errors: 0 }],
      tokens: [{ id: holder.tokenId, count: calls, success: calls, errors: 0 }],
    };
    expect((await api.get('/profile/usage', { jwt: holder.jwt })).body).toEqual(expected);
    expect((await api.get(`/profile/usage?month=${month()}`, { jwt: holder.jwt })).body).toEqual(expected);
    expect((await api.get('/profile', { jwt: holder.jwt })).body.usage).toEqual({
      month: month(),
      used: calls,
      quota: 1000,
      remaining: 1000 - calls,
      resetsAt: nextReset(),
    });

    await app.running.app.get(UsageWriteBackService).flush();
    const [row] = await sql(app, 'SELECT count FROM usage_daily WHERE account_id = $1', [holder.id]);
    expect(row.count).toBe(calls);
    // Once in PostgreSQL the counts are neither lost nor doubled.
    expect((await api.get('/profile/usage', { jwt: holder.jwt })).body).toEqual(expected);
    expect((await api.get('/profile', { jwt: holder.jwt })).body.usage.used).toBe(calls);
  });

  it('splits the usage into successes and client errors, per day and per token, before and after write-back', async () => {
    const holder = await newTokenHolder(api);
    const second = { token: await newToken(api, holder.jwt, 'second') };
    const calls: [string, string, number][] = [
      [holder.token, '/lottery/us_powerball/draw/latest/numbers', 200],
      [holder.token, '/lottery/us_powerball/draw/1801-01-01/numbers', 404],
      [holder.token, '/lottery/no-such-lottery/draw/latest/numbers', 404],
      [second.token, '/lottery/us_powerball/draw/latest/numbers', 200],
      [second.token, '/lottery/us_powerball/draw/not-a-date/numbers', 400],
    ];
    for (const [token, path, status] of calls) expect((await api.get(path, { token })).status).toBe(status);
    const expected = expect.objectContaining({
      used: 5,
      success: 2,
      errors: 3,
      daily: [{ date: today(), count: 5, success: 2, errors: 3 }],
      tokens: [
        { id: holder.tokenId, count: 3, success: 1, errors: 2 },
        { id: 'second', count: 2, success: 1, errors: 1 },
      ],
    });
    // The outcome is recorded when the answer has gone out: wait for the last one to be settled.
    await eventually(async () =>
      expect((await api.get('/profile/usage', { jwt: holder.jwt })).body).toEqual(expected),
    );

    await app.running.app.get(UsageWriteBackService).flush();
    const rows = await sql(
      app,
      'SELECT token_id, count, errors FROM token_usage_daily WHERE account_id = $1 ORDER BY token_id',
      [holder.id],
    );
    expect(rows).toEqual(
      [
        { token_id: holder.tokenId, count: 3, errors: 2 },
        { token_id: 'second', count: 2, errors: 1 },
      ].sort((a, b) => a.token_id.localeCompare(b.token_id)),
    );
    expect((await api.get('/profile/usage', { jwt: holder.jwt })).body).toEqual(expected);

    // A deleted token's requests stay in the totals and leave the per-token view.
    expect((await api.delete('/profile/token/second', { jwt: holder.jwt })).status).toBe(204);
    const after = (await api.get('/profile/usage', { jwt: holder.jwt })).body;
    expect(after).toMatchObject({ used: 5, success: 2, errors: 3 });
    expect(after.tokens).toEqual([{ id: holder.tokenId, count: 3, success: 1, errors: 2 }]);
  });

  it('answers 401 Invalid JWT token, not a 404 of its own profile, when the account is gone but still cached here', async () => {
    // As after a deletion through another instance whose news has not arrived yet: the row goes behind this
    // instance's back while the JWT guard's credentials cache still answers with the account it knew.
    const { id, jwt } = await newAccount(api);
    const credentials = app.running.app.get(CredentialsCache);
    const known = await credentials.account(id);
    expect(known).not.toBeNull();
    await sql(app, 'DELETE FROM accounts WHERE id = $1', [id]);
    const stale = jest.spyOn(credentials, 'account').mockResolvedValue(known);
    // Every route of the caller's own that reads or locks its account row.
    const requests: [string, () => ReturnType<Http['get']>][] = [
      ['GET /profile', () => api.get('/profile', { jwt })],
      ['GET /profile/usage', () => api.get('/profile/usage', { jwt })],
      ['DELETE /profile', () => api.delete('/profile', { jwt, body: { password: PASSWORD } })],
      [
        'PUT /profile/password',
        () =>
          api.put('/profile/password', {
            jwt,
            body: { currentPassword: PASSWORD, newPassword: 'another fine password 42' },
          }),
      ],
      [
        'POST /profile/email',
        () => api.post('/profile/email', { jwt, body: { email: uniqueEmail('moved'), password: PASSWORD } }),
      ],
      ['POST /profile/email/verification', () => api.post('/profile/email/verification', { jwt })],
      ['POST /profile/token', () => api.post('/profile/token', { jwt, body: { id: 'after-deletion' } })],
      [
        'POST /profile/webhooks',
        () =>
          api.post('/profile/webhooks', {
            jwt,
            body: { url: 'https://hooks.example.com/lottery', events: ['draw.published'] },
          }),
      ],
    ];
    try {
      for (const [route, send] of requests) {
        const res = await send();
        expect({ route, status: res.status, body: res.body }).toEqual({
          route,
          status: 401,
          body: errorBody.unauthorized(Messages.invalidJwt),
        });
      }
      expect(stale).toHaveBeenCalledWith(id);
    } finally {
      stale.mockRestore();
    }
  });

  describe('DELETE /profile', () => {
    it('deletes the account and its tokens; the JWT, the tokens and the password stop working at once', async () => {
      const holder = await newTokenHolder(api);
      // Used once first, so that the token and the account sit in the access cache.
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);

      const res = await api.delete('/profile', { jwt: holder.jwt, body: { password: PASSWORD } });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');

      const lottery = await api.get('/lotteries', { token: holder.token });
      expect(lottery.status).toBe(401);
      expect(lottery.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
      const profile = await api.get('/profile', { jwt: holder.jwt });
      expect(profile.status).toBe(401);
      expect(profile.body).toEqual(errorBody.unauthorized(Messages.invalidJwt));
      const login = await api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } });
      expect(login.status).toBe(401);

      expect(await sql(app, 'SELECT 1 FROM accounts WHERE id = $1', [holder.id])).toHaveLength(0);
      expect(await sql(app, 'SELECT 1 FROM api_tokens WHERE account_id = $1', [holder.id])).toHaveLength(0);
    });

    it.each([
      ['no body', undefined],
      ['no password', {}],
      ['an empty password', { password: '' }],
      ['a password that is not a string', { password: 12345678901 }],
      ['a wrong password', { password: `${PASSWORD}!` }],
    ])('refuses %s with 400 naming the password, and deletes nothing', async (_, body) => {
      const holder = await newTokenHolder(api);
      const res = await api.delete('/profile', { jwt: holder.jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.profilePasswordWrong));
      expect((await api.get('/profile', { jwt: holder.jwt })).status).toBe(200);
      expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
    });

    it('keeps the metering records: the same e-mail registered again this month continues from its count', async () => {
      const holder = await newTokenHolder(api);
      const calls = 3;
      for (let i = 0; i < calls; i++)
        expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
      // Deleted while the units are still waiting for the write-back (the flush interval is long here).
      const deleted = await api.delete('/profile', { jwt: holder.jwt, body: { password: PASSWORD } });
      expect(deleted.status).toBe(204);
      // Remembered as gone (the account cache), which the account registered again must not inherit.
      expect((await api.get('/profile', { jwt: holder.jwt })).status).toBe(401);
      await app.running.app.get(UsageWriteBackService).flush();

      // The operator's books: the rows stay, with the e-mail they belong to.
      expect(await sql(app, 'SELECT used FROM usage_monthly WHERE account_id = $1', [holder.id])).toEqual([
        { used: calls },
      ]);
      expect(await sql(app, 'SELECT count FROM usage_daily WHERE account_id = $1', [holder.id])).toEqual([
        { count: calls },
      ]);
      expect(await sql(app, 'SELECT email FROM deleted_accounts WHERE id = $1', [holder.id])).toEqual([
        { email: holder.email },
      ]);

      const again = await newTokenHolderFor(api, holder.email);
      expect((await api.get('/profile', { jwt: again.jwt })).body.usage).toMatchObject({
        used: calls,
        remaining: 1000 - calls,
      });
      const read = await api.get('/lotteries', { token: again.token });
      expect(read.status).toBe(200);
      expect(read.headers.get('x-quota-remaining')).toBe(String(1000 - calls - 1));
      expect((await api.get('/profile/usage', { jwt: again.jwt })).body).toMatchObject({
        used: calls + 1,
        remaining: 1000 - calls - 1,
        daily: [{ date: today(), count: calls + 1, success: calls + 1, errors: 0 }],
      });
      // The deleted account's sessions stay refused.
      expect((await api.get('/profile', { jwt: holder.jwt })).status).toBe(401);
    });

    it('another instance seeds the account registered again from the kept month', async () => {
      const holder = await newTokenHolder(api);
      for (let i = 0; i < 2; i++)
        expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
      await api.delete('/profile', { jwt: holder.jwt, body: { password: PASSWORD } });
      await app.running.app.get(UsageWriteBackService).flush();
      // Its own counters (no Redis) have never seen this account: they start from the ledger.
      const other = await createTestApp({}, { shareDatabaseWith: app });
      try {
        const b = http(other.baseUrl);
        const again = await newTokenHolderFor(b, holder.email);
        const read = await b.get('/lotteries', { token: again.token });
        expect(read.headers.get('x-quota-remaining')).toBe(String(1000 - 3));
      } finally {
        await other.close();
      }
    });
  });
});
