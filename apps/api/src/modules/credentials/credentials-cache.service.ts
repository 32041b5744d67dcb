import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BatchLoader } from '../../common/cache/batch-loader';
import { LoadingCache } from '../../common/cache/loading-cache';
import { NIL_UUID } from '../../common/database/uuid';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { AccountSnapshot, SecretEnd, TokenOwner } from './account-snapshot';

/** Known tokens and accounts kept; the hot set of a large deployment, a few tens of MB at most. */
const MAX_KNOWN = 100_000;
/**
 * Unknown secrets are remembered apart and in a smaller cache, so a flood of made-up tokens costs one query
 * each at most and can never push real tokens out of the cache above.
 */
const MAX_UNKNOWN = 10_000;
/** The start-up warm-up loads the tokens used within this long, at most WARM_TOKENS of them (a few MB). */
const WARM_SINCE_MS = 86_400_000;
const WARM_TOKENS = 20_000;

/**
 * Token owners and account snapshots, so a guarded request needs no database read. Every change that alters access
 * (a token created, replaced or deleted, an account disabled, deleted or re-licensed, a license changed) reaches
 * every instance through the database's change feed, whoever made it, SQL by hand included; a writer of this
 * instance publishes the same event on the feed after its commit, so that its next request reads its own write.
 * CREDENTIALS_CACHE_TTL_MS bounds staleness should the feed be interrupted.
 */
@Injectable()
export class CredentialsCache implements OnModuleInit {
  private readonly tokens: LoadingCache<TokenOwner | null>;
  private readonly unknownTokens: LoadingCache<null>;
  private readonly accounts: LoadingCache<AccountSnapshot | null>;
  private readonly tokenLookups = new BatchLoader((hashes: string[]) => this.loadTokenOwners(hashes), {
    maxBatch: 500,
    maxInFlight: 2,
    missing: null,
  });

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) settings: Settings,
    private readonly changes: ChangeFeed,
  ) {
    const ttlMs = settings.credentialsCacheTtlMs;
    this.tokens = new LoadingCache({ maxEntries: MAX_KNOWN, ttlMs, keep: (owner) => owner !== null });
    this.unknownTokens = new LoadingCache({ maxEntries: MAX_UNKNOWN, ttlMs });
    this.accounts = new LoadingCache({ maxEntries: MAX_KNOWN, ttlMs });
  }

  onModuleInit(): void {
    this.changes.on('token.changed', ({ secretHashes }) =>
      secretHashes.forEach((hash) => this.forgetToken(hash)),
    );
    this.changes.on('account.changed', ({ accountId }) => this.forgetAccount(accountId));
    this.changes.on('license.changed', () => this.forgetAllAccounts());
    this.changes.on('feed.resumed', () => this.forgetAll());
  }

  /**
   * Before the service answers: loads, in one query, the tokens used in the last day (the most recent first, up to
   * WARM_TOKENS) with their accounts, so that the clients of a restarted instance are answered from memory at once
   * rather than each waiting on a lookup (on the embedded engine those run one at a time: a thousand returning
   * clients waited up to a second). Also runs each on-demand lookup once, so the first miss does not wait on a
   * cold engine (≈ 60 ms measured on the embedded engine). Resolves to the accounts of the tokens loaded.
   */
  async warmUp(now: Date): Promise<string[]> {
    const tokensVersion = this.tokens.version;
    const accountsVersion = this.accounts.version;
    const rows: (AccountRow & TokenRow)[] = await this.dataSource.query(
      `SELECT t.secret_hash AS "secretHash", t.account_id AS "accountId", t.id AS "tokenId",
                t.expires_at AS "expiresAt", ${ACCOUNT_COLUMNS}
           FROM api_tokens t
           JOIN accounts a ON a.id = t.account_id
           LEFT JOIN licenses l ON l.name = a.license_name
          WHERE t.last_used_at > $1 AND (t.expires_at IS NULL OR t.expires_at > $2)
          ORDER BY t.last_used_at DESC
          LIMIT $3`,
      [new Date(now.getTime() - WARM_SINCE_MS), now, WARM_TOKENS],
    );
    for (const row of rows) {
      this.accounts.offer(row.accountId, toAccountSnapshot(row), accountsVersion);
      this.tokens.offer(row.secretHash, toTokenOwner(row), tokensVersion);
    }
    await this.tokenLookups.load('0'.repeat(64));
    await this.loadAccount(NIL_UUID);
    return [...new Set(rows.map((row) => row.accountId))];
  }

  /** The owner of a token secret (by its hash), or null for an unknown secret. */
  async tokenOwner(secretHash: string): Promise<TokenOwner | null> {
    if (this.unknownTokens.peek(secretHash) === null) return null;
    const owner = await this.tokens.get(secretHash, () => this.tokenLookups.load(secretHash));
    if (!owner) this.unknownTokens.set(secretHash, null);
    return owner;
  }

  /** The owner and account of a token secret when both are cached and fresh (no lookup, no promise). */
  cachedPrincipal(secretHash: string): { owner: TokenOwner; account: AccountSnapshot } | undefined {
    const owner = this.tokens.peek(secretHash);
    const account = owner && this.accounts.peek(owner.accountId);
    return owner && account ? { owner, account } : undefined;
  }

  account(accountId: string): Promise<AccountSnapshot | null> {
    return this.accounts.get(accountId, () => this.loadAccount(accountId));
  }

  /** How many entries each cache holds (for /metrics and the tests). */
  sizes(): { knownTokens: number; unknownTokens: number; accounts: number } {
    return {
      knownTokens: this.tokens.size,
      unknownTokens: this.unknownTokens.size,
      accounts: this.accounts.size,
    };
  }

  /** Forgets a token secret's owner (on a `token.changed` event, published or notified). */
  private forgetToken(secretHash: string): void {
    this.tokens.delete(secretHash);
    this.unknownTokens.delete(secretHash);
  }

  private forgetAccount(accountId: string): void {
    this.accounts.delete(accountId);
  }

  /** After a license change, which may touch many accounts. */
  private forgetAllAccounts(): void {
    this.accounts.clear();
  }

  private forgetAll(): void {
    this.tokens.clear();
    this.unknownTokens.clear();
    this.accounts.clear();
  }

  /**
   * The tokens of secrets, by hash: each one's current token, or the one whose last roll replaced it (working while
   * its grace period runs, then refused as revoked). The time a secret stops working, and why, travel with the
   * cached entry (ApiTokenGuard checks it on every request), so a cached token still expires to the millisecond and
   * an expired or replaced secret is told apart from an unknown one without another lookup.
   *
   * The same query reads the owners' accounts and licenses, which are offered to the account cache: a cold token
   * costs no second query. The offer is dropped when any account was invalidated while the query ran, so a change
   * made meanwhile is never overwritten by what the query saw before it. Lookups asked for together go in one query
   * (see BatchLoader), as one index lookup per secret (LATERAL, whatever the planner's statistics say: the embedded
   * engine never analyses its tables by itself). The array is `bpchar[]` like the column: compared as text, the
   * unique index could not be used (measured: 200 secrets among 1M tokens, 2.6 ms against 80 s).
   */
  private async loadTokenOwners(secretHashes: string[]): Promise<Map<string, TokenOwner>> {
    const accountsVersion = this.accounts.version;
    const rows: (AccountRow & TokenRow)[] = await this.dataSource.query(
      `SELECT t.secret_hash AS "secretHash", t.account_id AS "accountId", t.token_id AS "tokenId",
              t.expires_at AS "expiresAt", t.grace_end AS "graceEnd", t.grace_over AS "graceOver",
              ${ACCOUNT_COLUMNS}
         FROM unnest($1::bpchar[]) AS k(hash)
         CROSS JOIN LATERAL (
               SELECT secret_hash, account_id, id AS token_id, expires_at, NULL::timestamptz AS grace_end,
                      false AS grace_over
                 FROM api_tokens WHERE secret_hash = k.hash
               UNION ALL
               SELECT previous_secret_hash, account_id, id, expires_at, previous_secret_expires_at,
                      previous_secret_expires_at <= now()
                 FROM api_tokens WHERE previous_secret_hash = k.hash
               LIMIT 1) t
         JOIN accounts a ON a.id = t.account_id
         LEFT JOIN licenses l ON l.name = a.license_name`,
      [secretHashes],
    );
    const owners = new Map<string, TokenOwner>();
    for (const row of rows) {
      this.accounts.offer(row.accountId, toAccountSnapshot(row), accountsVersion);
      owners.set(row.secretHash.trim(), toTokenOwner(row));
    }
    return owners;
  }

  private async loadAccount(accountId: string): Promise<AccountSnapshot | null> {
    const [row] = await this.dataSource.query(
      `SELECT ${ACCOUNT_COLUMNS}
         FROM accounts a LEFT JOIN licenses l ON l.name = a.license_name WHERE a.id = $1`,
      [accountId],
    );
    return row ? toAccountSnapshot(row) : null;
  }
}

/** An account snapshot's columns, from `accounts a LEFT JOIN licenses l` (both lookups select them). */
const ACCOUNT_COLUMNS = `a.id, a.email, a.role, a.disabled, a.session_version, l.name AS license_name,
       l.monthly_quota, l.per_second, l.per_minute, l.per_hour`;

/** A token's columns, as both token lookups select them (`graceEnd` only when found by a replaced secret). */
interface TokenRow {
  secretHash: string;
  accountId: string;
  tokenId: string;
  expiresAt: Date | null;
  graceEnd?: Date | null;
  /** Whether the grace period had ended by the database's clock (a roll without grace ends it at its own time). */
  graceOver?: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  role: AccountSnapshot['role'];
  disabled: boolean;
  session_version: number;
  license_name: string | null;
  monthly_quota: number | null;
  per_second: number;
  per_minute: number;
  per_hour: number;
}

/** The secret stops working at the token's expiry or, for a replaced secret, its grace end: the earlier one. */
function toTokenOwner(row: TokenRow): TokenOwner {
  const ends: { at: number; as: SecretEnd }[] = [];
  if (row.expiresAt) ends.push({ at: new Date(row.expiresAt).getTime(), as: 'expired' });
  if (row.graceEnd) ends.push({ at: new Date(row.graceEnd).getTime(), as: 'revoked' });
  const first = ends.sort((a, b) => a.at - b.at)[0];
  return {
    accountId: row.accountId,
    tokenId: row.tokenId,
    // Over by the database's clock is over, whatever this machine's clock says.
    validUntil: row.graceOver ? 0 : (first?.at ?? null),
    endsAs: first?.as ?? null,
  };
}

function toAccountSnapshot(row: AccountRow): AccountSnapshot {
  return {
    accountId: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabled,
    sessionVersion: row.session_version,
    license: row.license_name
      ? {
          name: row.license_name,
          monthlyQuota: row.monthly_quota,
          perSecond: row.per_second,
          perMinute: row.per_minute,
          perHour: row.per_hour,
        }
      : null,
  };
}
