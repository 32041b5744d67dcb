import { Client } from 'pg';
import { errorBody, Messages } from '../support/contract-errors';
import { newTokenHolder } from '../support/fixtures';
import { http, type Http } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

/**
 * Issue 24: two instances on one PostgreSQL server, with no Redis between them: whatever changes access, made
 * through one instance or by SQL on a connection of its own (an operator's psql), is refused by both within a
 * second, because both follow the database's change feed rather than a broadcast a writer must remember.
 */
describe('the change feed across instances (PostgreSQL server, no Redis)', () => {
  let first: TestApp;
  let second: TestApp;
  let a: Http;
  let b: Http;
  let operator: Client;

  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: '' });
    second = await createTestApp({ REDIS_URL: '' }, { shareDatabaseWith: first });
    a = http(first.baseUrl);
    b = http(second.baseUrl);
    operator = new Client({ connectionString: first.databaseUrl ?? undefined });
    await operator.connect();
  });
  afterAll(async () => {
    await operator?.end();
    await second?.close();
    await first?.close();
  });

  /** A token holder served (and so cached) by both instances. */
  async function holderCachedOnBoth() {
    const holder = await newTokenHolder(a);
    for (const api of [a, b])
      expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
    return holder;
  }

  /** Both instances answer the token's metered reads with `body` (and its status) within a second. */
  const bothRefuseWithin = (token: string, body: { code: number }) =>
    Promise.all(
      [a, b].map((api) =>
        eventually(async () => {
          const read = await api.get('/lotteries?limit=0', { token });
          expect({ status: read.status, body: read.body }).toEqual({ status: body.code, body });
        }, 1000),
      ),
    );

  it("a token revoked by an operator's SQL", async () => {
    const holder = await holderCachedOnBoth();
    await operator.query('DELETE FROM api_tokens WHERE account_id = $1', [holder.id]);
    await bothRefuseWithin(holder.token, errorBody.unauthorized(Messages.invalidToken));
  });

  it("an account disabled by an operator's SQL", async () => {
    const holder = await holderCachedOnBoth();
    await operator.query('UPDATE accounts SET disabled = true WHERE id = $1', [holder.id]);
    await bothRefuseWithin(holder.token, errorBody.forbidden(Messages.accountDisabled));
  });

  it('a token deleted through one instance is refused by the other', async () => {
    const holder = await holderCachedOnBoth();
    expect((await a.delete(`/profile/token/${holder.tokenId}`, { jwt: holder.jwt })).status).toBe(204);
    // The writer's own instance at once (read-your-writes), the other through the feed.
    expect((await a.get('/lotteries?limit=0', { token: holder.token })).status).toBe(401);
    await bothRefuseWithin(holder.token, errorBody.unauthorized(Messages.invalidToken));
  });

  it('a roll made through one instance: the old secret refused by both, the new one served', async () => {
    const holder = await holderCachedOnBoth();
    const rolled = await a.post(`/profile/token/${holder.tokenId}/roll`, { jwt: holder.jwt });
    expect(rolled.status).toBe(200);
    await bothRefuseWithin(holder.token, errorBody.unauthorized(Messages.invalidToken));
    for (const api of [a, b])
      expect((await api.get('/lotteries?limit=0', { token: rolled.body.token })).status).toBe(200);
  });
});
