import { CredentialsCache } from '../src/modules/credentials/credentials-cache.service';
import { hashTokenSecret } from '../src/modules/credentials/token-secret';
import { errorBody, Messages } from './support/contract-errors';
import { newAdmin, newTokenHolder, sql } from './support/fixtures';
import { http, type Http } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/timing';

/**
 * Issue 24: every in-memory cache follows the database's change feed (triggers, migration ChangeFeed1796400000000),
 * so a change that no service made, and so no service announced, still reaches the cache: here plain SQL on the
 * service's own database, with nothing told to forget. Both engines; server-engine/change-feed.spec.ts does the
 * same across two instances with SQL from a connection of its own.
 */
describe('the change feed: plain SQL reaches every cache within a second', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
  });
  afterAll(() => app?.close());

  /** A token holder whose token and account are cached (one metered read served). */
  async function cachedHolder() {
    const holder = await newTokenHolder(api);
    expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
    const credentials = app.running.app.get(CredentialsCache);
    expect(credentials.cachedPrincipal(hashTokenSecret(holder.token))).toBeDefined();
    return holder;
  }

  /** The token's metered reads get `body` (with its status) within a second. */
  const refusedWithin = (token: string, body: { code: number }) =>
    eventually(async () => {
      const read = await api.get('/lotteries?limit=0', { token });
      expect({ status: read.status, body: read.body }).toEqual({ status: body.code, body });
    }, 1000);

  it('a token deleted in SQL is refused', async () => {
    const holder = await cachedHolder();
    await sql(app, 'DELETE FROM api_tokens WHERE account_id = $1', [holder.id]);
    await refusedWithin(holder.token, errorBody.unauthorized(Messages.invalidToken));
  });

  it('a token expired in SQL is refused', async () => {
    const holder = await cachedHolder();
    await sql(app, `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [
      holder.id,
    ]);
    await refusedWithin(holder.token, errorBody.unauthorized(Messages.invalidToken));
  });

  it('an account disabled in SQL is refused', async () => {
    const holder = await cachedHolder();
    await sql(app, 'UPDATE accounts SET disabled = true WHERE id = $1', [holder.id]);
    await refusedWithin(holder.token, errorBody.forbidden(Messages.accountDisabled));
  });

  it("a license's quota lowered in SQL applies to its accounts", async () => {
    const admin = await newAdmin(app, api);
    const license = `feed-${Date.now()}`;
    await api.put(`/admin/licenses/${license}`, {
      jwt: admin.jwt,
      body: { monthlyQuota: 1000, perSecond: 100, perMinute: 1000, perHour: 10000 },
    });
    const holder = await newTokenHolder(api);
    await api.patch(`/admin/accounts/${holder.id}`, { jwt: admin.jwt, body: { license } });
    expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
    await sql(app, 'UPDATE licenses SET monthly_quota = 0 WHERE name = $1', [license]);
    await refusedWithin(holder.token, errorBody.forbidden(Messages.quotaExceeded));
  });

  it("a token's use written back (last_used_at) does not empty the cache", async () => {
    const holder = await cachedHolder();
    await sql(app, 'UPDATE api_tokens SET last_used_at = now() WHERE account_id = $1', [holder.id]);
    await sql(app, 'UPDATE accounts SET created_at = created_at WHERE id = $1', [holder.id]);
    // A change that does announce, made after them: once it has arrived, so would have theirs.
    const other = await cachedHolder();
    await sql(app, 'UPDATE accounts SET disabled = true WHERE id = $1', [other.id]);
    await refusedWithin(other.token, errorBody.forbidden(Messages.accountDisabled));
    expect(
      app.running.app.get(CredentialsCache).cachedPrincipal(hashTokenSecret(holder.token)),
    ).toBeDefined();
  });

  it('a lottery renamed in SQL is served renamed', async () => {
    const holder = await newTokenHolder(api);
    await sql(app, `UPDATE lotteries SET name = 'Renamed by hand' WHERE tag = 'fr_lotto'`);
    await eventually(async () => {
      expect((await api.get('/lottery/fr_lotto', { token: holder.token })).body.name).toBe('Renamed by hand');
    }, 1000);
  });
});
