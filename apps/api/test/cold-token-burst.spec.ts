import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../src/modules/change-feed/change-feed.service';
import { CredentialsCache } from '../src/modules/credentials/credentials-cache.service';
import { hashTokenSecret } from '../src/modules/credentials/token-secret';
import { newTokenHolder, sql } from './support/fixtures';
import { http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';

/** A burst of tokens this instance has not seen yet costs a few queries, not one per token. */
describe('cold token burst', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('looks up the tokens asked for together in one query, each with its own owner', async () => {
    const api = http(app.baseUrl);
    const holders = await Promise.all(Array.from({ length: 20 }, (_, i) => newTokenHolder(api, `burst${i}`)));
    const credentials = app.running.app.get(CredentialsCache);
    // Nothing else cached matters: the tokens are new.
    await app.running.app.get(ChangeFeed).publish({ type: 'account.changed', accountId: holders[0].id });
    const dataSource = app.running.app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query');
    try {
      // Each token twice: asked for again before its lookup ends.
      const owners = await Promise.all(
        [...holders, ...holders].map((h) => credentials.tokenOwner(hashTokenSecret(h.token))),
      );
      const unknown = await credentials.tokenOwner(hashTokenSecret('lr_never_issued_secret'));
      expect(owners.map((o) => o?.accountId)).toEqual([...holders, ...holders].map((h) => h.id));
      expect(owners.map((o) => o?.tokenId)).toEqual([...holders, ...holders].map((h) => h.tokenId));
      expect(unknown).toBeNull();
      const tokenQueries = query.mock.calls.filter(([sql]) => /secret_hash = k.hash/.test(String(sql)));
      // Two leave at once (two batches may be under way); the other 18 wait for them and go together.
      expect(tokenQueries.length).toBe(4);
      expect(tokenQueries.slice(0, 3).map(([, params]) => (params as string[][])[0].length)).toEqual([
        1, 1, 18,
      ]);
    } finally {
      query.mockRestore();
    }
  });

  it('a burst of metered reads by new accounts reads their month usage in a few queries, each counted right', async () => {
    const api = http(app.baseUrl);
    // Made in the database, as another instance or the CLI would: this instance has seen neither them nor their
    // month's counter. Each has a request already recorded this month.
    const holders = Array.from({ length: 20 }, () => ({
      id: randomUUID(),
      // Shaped like an issued secret (the marker and 32 base62 characters), or the guard refuses it unread.
      token: `lr_${randomBytes(16).toString('hex')}`,
    }));
    for (const h of holders) {
      await sql(
        app,
        `INSERT INTO accounts (id, email, password_hash, license_name) VALUES ($1, $2, 'not a hash', 'free')`,
        [h.id, `${h.id}@example.test`],
      );
      await sql(
        app,
        `INSERT INTO api_tokens (account_id, id, prefix, secret_hash) VALUES ($1, 't', 'lr_burst', $2)`,
        [h.id, hashTokenSecret(h.token)],
      );
      await sql(app, `INSERT INTO usage_daily (account_id, day, count) VALUES ($1, $2, 1)`, [
        h.id,
        new Date().toISOString().slice(0, 10),
      ]);
      await sql(app, `INSERT INTO usage_monthly (account_id, month, used, version) VALUES ($1, $2, 1, 1)`, [
        h.id,
        `${new Date().toISOString().slice(0, 7)}-01`,
      ]);
    }
    const query = jest.spyOn(app.running.app.get(DataSource), 'query');
    try {
      const reads = await Promise.all(
        holders.map((h) => api.get('/lottery/fr_lotto/draw/latest/numbers', { token: h.token })),
      );
      expect(reads.map((r) => r.status)).toEqual(holders.map(() => 200));
      const limit = Number(reads[0].headers.get('x-quota-limit'));
      expect(reads.map((r) => Number(r.headers.get('x-quota-remaining')))).toEqual(
        holders.map(() => limit - 2),
      );
      const usageQueries = query.mock.calls.filter(([sql]) => /FROM usage_monthly/.test(String(sql)));
      console.log(
        `[cold burst] 20 new accounts (each with 1 request recorded): ${usageQueries.length} month-usage queries`,
      );
      expect(usageQueries.length).toBeGreaterThan(0);
      expect(usageQueries.length).toBeLessThanOrEqual(6);
    } finally {
      query.mockRestore();
    }
  });
});
