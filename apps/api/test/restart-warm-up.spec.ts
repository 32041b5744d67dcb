import { CredentialsCache } from '../src/modules/credentials/credentials-cache.service';
import { ChangeFeed } from '../src/modules/change-feed/change-feed.service';
import { hashTokenSecret } from '../src/modules/credentials/token-secret';
import { QuotaService } from '../src/modules/metering/quota.service';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';
import { newToken, newTokenHolder, sql } from './support/fixtures';
import { http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';

/**
 * An instance that starts (a restart, or one more behind the load balancer) loads the tokens used in the last day
 * with their accounts and month counters before it answers: returning clients are served from memory at once.
 */
describe('start-up warm-up of the tokens used lately', () => {
  let first: TestApp;
  let second: TestApp | undefined;

  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(async () => {
    await second?.close();
    await first.close();
  });

  it('knows a recently used token, its account and its month usage before the first request', async () => {
    const api = http(first.baseUrl);
    const holder = await newTokenHolder(api, 'warm');
    const unused = await newToken(api, holder.jwt, 'never-used');
    const expired = await newToken(api, holder.jwt, 'expired');
    await sql(
      first,
      `INSERT INTO licenses (name, monthly_quota, per_second, per_minute, per_hour) VALUES ('warm', 50, 100, 1000, 10000)`,
    );
    await sql(first, `UPDATE accounts SET license_name = 'warm' WHERE id = $1`, [holder.id]);
    await first.running.app.get(ChangeFeed).publish({ type: 'account.changed', accountId: holder.id });
    for (const token of [holder.token, holder.token, expired]) {
      expect((await api.get('/lottery/fr_lotto/draw/latest/numbers', { token })).status).toBe(200);
    }
    await first.running.app.get(UsageWriteBackService).flush();
    await sql(
      first,
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = 'expired' AND account_id = $1`,
      [holder.id],
    );

    second = await createTestApp({}, { shareDatabaseWith: first });
    const credentials = second.running.app.get(CredentialsCache);
    const principal = credentials.cachedPrincipal(hashTokenSecret(holder.token));
    expect(principal?.owner).toMatchObject({ accountId: holder.id, tokenId: holder.tokenId });
    expect(principal?.account).toMatchObject({
      accountId: holder.id,
      license: { name: 'warm', monthlyQuota: 50 },
    });
    expect(credentials.cachedPrincipal(hashTokenSecret(unused))).toBeUndefined();
    expect(credentials.cachedPrincipal(hashTokenSecret(expired))).toBeUndefined();
    expect(second.running.app.get(QuotaService).stateForCheck(holder.id, 50)).toMatchObject({
      used: 3,
      remaining: 47,
    });

    // And it answers as the first instance would: the next unit of the same month.
    const read = await http(second.baseUrl).get('/lottery/fr_lotto/draw/latest/numbers', {
      token: holder.token,
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-quota-remaining')).toBe('46');
  });
});
