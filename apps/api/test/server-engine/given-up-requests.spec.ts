import { Client } from 'pg';
import { errorBody, Messages } from '../support/contract-errors';
import { newTokenHolder, PASSWORD, sql, uniqueEmail } from '../support/fixtures';
import { http, Http } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { timed } from '../support/timing';

const REQUEST_TIMEOUT_MS = 1_500;
/** Longer than the request timeout, shorter than the 3 s query bound: the request is given up, not its query. */
const LOCK_MS = 2_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request answered 408 has no effect afterwards. The database is merely slow here (a row lock held by another
 * session for longer than REQUEST_TIMEOUT_MS, well within the query bound): when the lock goes, the writes the
 * request had under way would go on and commit after the client was told "timed out". They are stopped when the
 * 408 goes out, and nothing of them lands. (Seen failing with the request's deadline left out: each write
 * landed after its 408.) A server only: the embedded engine has one session, where another cannot hold a lock.
 */
describe('requests answered 408 leave nothing behind (server)', () => {
  let setup: TestApp;
  let app: TestApp;
  let api: Http;
  let holder: Awaited<ReturnType<typeof newTokenHolder>>;

  /** Holds `lockSql`'s row locks in a session of its own for LOCK_MS; resolves once they are taken. */
  async function holdLock(lockSql: string, params: unknown[]): Promise<{ released: Promise<void> }> {
    const client = new Client({ connectionString: setup.databaseUrl! });
    await client.connect();
    await client.query('BEGIN');
    await client.query(lockSql, params);
    const released = sleep(LOCK_MS)
      .then(() => client.query('ROLLBACK'))
      .then(() => client.end());
    return { released };
  }

  beforeAll(async () => {
    setup = await createTestApp();
    app = await createTestApp(
      { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
      { shareDatabaseWith: setup },
    );
    api = http(app.baseUrl);
    holder = await newTokenHolder(http(setup.baseUrl), 'given-up');
  });

  afterAll(async () => {
    await app?.close();
    await setup?.close();
  });

  async function expectTimedOut(send: () => Promise<{ status: number; body: unknown }>): Promise<void> {
    const { result, ms } = await timed(send);
    expect({ status: result.status, body: result.body }).toEqual({
      status: 408,
      body: errorBody.requestTimeout(Messages.requestTimeout),
    });
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1_000);
  }

  it('a token creation held up past the timeout is not created when the database catches up', async () => {
    const lock = await holdLock('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [holder.id]);
    await expectTimedOut(() =>
      api.post('/profile/token', { jwt: holder.jwt, body: { id: 'given-up', description: 'never' } }),
    );
    await lock.released;
    await sleep(1_000);
    expect(
      await sql(setup, 'SELECT id FROM api_tokens WHERE account_id = $1 AND id = $2', [
        holder.id,
        'given-up',
      ]),
    ).toEqual([]);
    // Retrying is safe: the id is free.
    const retried = await api.post('/profile/token', { jwt: holder.jwt, body: { id: 'given-up' } });
    expect(retried.status).toBe(201);
  });

  it('a password change held up past the timeout leaves the old password in place', async () => {
    const lock = await holdLock('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [holder.id]);
    await expectTimedOut(() =>
      api.put('/profile/password', {
        jwt: holder.jwt,
        body: { currentPassword: PASSWORD, newPassword: 'an entirely new passphrase 7' },
      }),
    );
    await lock.released;
    await sleep(1_000);
    const login = await api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    // The session that asked is still valid (its session version did not move).
    expect((await api.get('/profile/token', { jwt: holder.jwt })).status).toBe(200);
  });

  it('a registration held up past the timeout creates no account', async () => {
    // The new account's license reference waits for the license row (a foreign key check takes a share lock).
    const lock = await holdLock(`SELECT name FROM licenses WHERE name = 'free' FOR UPDATE`, []);
    const email = uniqueEmail('given-up');
    await expectTimedOut(() => api.post('/auth/register', { body: { email, password: PASSWORD } }));
    await lock.released;
    await sleep(1_000);
    expect(await sql(setup, 'SELECT id FROM accounts WHERE email = $1', [email])).toEqual([]);
  });
});
