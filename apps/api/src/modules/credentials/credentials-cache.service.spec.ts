import type { DataSource } from 'typeorm';
import type { Settings } from '../../config/settings';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { CredentialsCache } from './credentials-cache.service';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const UNKNOWN = 'f'.repeat(64);

/** A row of the token lookup (token and account columns), as PostgreSQL returns it. */
const row = (secretHash: string, accountId: string, overrides: Record<string, unknown> = {}) => ({
  secretHash,
  accountId,
  tokenId: `token-of-${accountId}`,
  expiresAt: null,
  graceEnd: null,
  id: accountId,
  email: `${accountId}@example.test`,
  role: 'user',
  disabled: false,
  session_version: 1,
  license_name: 'free',
  monthly_quota: 1000,
  per_second: 20,
  per_minute: 1200,
  per_hour: 72000,
  ...overrides,
});

/**
 * The credentials cache with a fake database (a `query` that answers from `rows` and counts its calls) and a
 * change feed that is never started: the tests hand it events as the database's triggers would.
 */
function setUp() {
  const rows = new Map<string, ReturnType<typeof row>>([
    [HASH_A, row(HASH_A, 'acc-1')],
    [HASH_B, row(HASH_B, 'acc-2')],
  ]);
  const queries: string[] = [];
  let gate: Promise<void> | undefined;
  const dataSource = {
    async query(sql: string, params: unknown[]) {
      queries.push(sql.includes('unnest') ? 'tokens' : 'account');
      if (gate) await gate;
      if (sql.includes('unnest')) return (params[0] as string[]).flatMap((h) => rows.get(h) ?? []);
      return [...rows.values()].filter((r) => r.id === params[0]);
    },
  } as unknown as DataSource;
  const feed = new ChangeFeed(dataSource, 'postgres://unused', 'embedded');
  const cache = new CredentialsCache(dataSource, { credentialsCacheTtlMs: 60_000 } as Settings, feed);
  cache.onModuleInit();
  return {
    cache,
    feed,
    rows,
    queries,
    /** Holds every query until the returned release is called. */
    hold: () => {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

describe('CredentialsCache', () => {
  it('looks a token up once for concurrent requests, then answers from memory with its account', async () => {
    const { cache, queries } = setUp();
    const owners = await Promise.all([cache.tokenOwner(HASH_A), cache.tokenOwner(HASH_A)]);
    expect(owners).toEqual([
      { accountId: 'acc-1', tokenId: 'token-of-acc-1', validUntil: null, endsAs: null },
      { accountId: 'acc-1', tokenId: 'token-of-acc-1', validUntil: null, endsAs: null },
    ]);
    expect(queries).toEqual(['tokens']);
    // The same query brought the account: the principal is whole, synchronously, with no second query.
    expect(cache.cachedPrincipal(HASH_A)?.account).toMatchObject({ accountId: 'acc-1', disabled: false });
    expect(await cache.account('acc-1')).toMatchObject({ license: { name: 'free', monthlyQuota: 1000 } });
    expect(queries).toEqual(['tokens']);
  });

  it('remembers an unknown secret apart: asked again, it costs no query', async () => {
    const { cache, queries } = setUp();
    expect(await cache.tokenOwner(UNKNOWN)).toBeNull();
    expect(await cache.tokenOwner(UNKNOWN)).toBeNull();
    expect(queries).toEqual(['tokens']);
    expect(cache.sizes()).toEqual({ knownTokens: 0, unknownTokens: 1, accounts: 0 });
  });

  it('follows token.changed from the feed: the secret is looked up again (here: gone)', async () => {
    const { cache, feed, rows, queries } = setUp();
    await cache.tokenOwner(HASH_A);
    rows.delete(HASH_A);
    feed.emit({ type: 'token.changed', secretHashes: [HASH_A] });
    expect(cache.cachedPrincipal(HASH_A)).toBeUndefined();
    expect(await cache.tokenOwner(HASH_A)).toBeNull();
    expect(queries).toEqual(['tokens', 'tokens']);
  });

  it('follows account.changed for that account only', async () => {
    const { cache, feed, rows } = setUp();
    await Promise.all([cache.tokenOwner(HASH_A), cache.tokenOwner(HASH_B)]);
    rows.set(HASH_A, row(HASH_A, 'acc-1', { disabled: true }));
    feed.emit({ type: 'account.changed', accountId: 'acc-1' });
    expect(cache.cachedPrincipal(HASH_A)).toBeUndefined(); // the token is known, its account no longer
    expect(cache.cachedPrincipal(HASH_B)).toBeDefined();
    expect(await cache.account('acc-1')).toMatchObject({ disabled: true });
  });

  it('follows license.changed for every account, and feed.resumed for everything', async () => {
    const { cache, feed } = setUp();
    await Promise.all([cache.tokenOwner(HASH_A), cache.tokenOwner(HASH_B), cache.tokenOwner(UNKNOWN)]);
    feed.emit({ type: 'license.changed', name: 'free' });
    expect(cache.sizes()).toEqual({ knownTokens: 2, unknownTokens: 1, accounts: 0 });
    await cache.account('acc-1');
    feed.emit({ type: 'feed.resumed' });
    expect(cache.sizes()).toEqual({ knownTokens: 0, unknownTokens: 0, accounts: 0 });
  });

  it('drops what a lookup read when a change arrived while it ran: the change wins', async () => {
    const { cache, feed, rows, hold } = setUp();
    const release = hold();
    const lookup = cache.tokenOwner(HASH_A);
    rows.set(HASH_A, row(HASH_A, 'acc-1', { disabled: true }));
    feed.emit({ type: 'account.changed', accountId: 'acc-1' }); // after the query read the row, before it returned
    release();
    await lookup;
    // The account the lookup saw (enabled) was not kept: the next read loads the disabled one.
    expect(cache.cachedPrincipal(HASH_A)).toBeUndefined();
    expect(await cache.account('acc-1')).toMatchObject({ disabled: true });
  });

  it("forgets when the writer's publish resolves, before the database's notification (read-your-writes)", async () => {
    const { cache, feed } = setUp();
    await cache.tokenOwner(HASH_A);
    await feed.publish({ type: 'token.changed', secretHashes: [HASH_A] });
    expect(cache.cachedPrincipal(HASH_A)).toBeUndefined();
    await cache.tokenOwner(HASH_B);
    await feed.publish({ type: 'account.changed', accountId: 'acc-2' });
    expect(cache.cachedPrincipal(HASH_B)).toBeUndefined();
  });
});
