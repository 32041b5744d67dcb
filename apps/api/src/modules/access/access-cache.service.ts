import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis/redis.module';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import type { AccountSnapshot, TokenOwner } from './account-snapshot';

interface Cached<T> {
  value: T;
  expiresAt: number;
}

const CHANNEL = 'lrs:access-invalidate';
const MAX_ENTRIES = 50_000;

/**
 * A short-lived cache of token owners and account snapshots, so a metered request needs no database read.
 * Writes that change access (token deleted, account disabled or deleted, license changed) invalidate it at once,
 * locally and, through Redis pub/sub, on every other instance.
 */
@Injectable()
export class AccessCacheService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccessCacheService.name);
  private readonly tokens = new Map<string, Cached<TokenOwner | null>>();
  private readonly accounts = new Map<string, Cached<AccountSnapshot | null>>();
  private subscriber?: Redis;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => this.applyInvalidation(message));
    await this.subscriber.subscribe(CHANNEL);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  async tokenOwner(secretHash: string): Promise<TokenOwner | null> {
    return this.cached(this.tokens, secretHash, async () => {
      const [row] = await this.dataSource.query(
        'SELECT account_id AS "accountId", id AS "tokenId" FROM api_tokens WHERE secret_hash = $1',
        [secretHash],
      );
      return (row as TokenOwner | undefined) ?? null;
    });
  }

  async account(accountId: string): Promise<AccountSnapshot | null> {
    return this.cached(this.accounts, accountId, async () => {
      const [row] = await this.dataSource.query(
        `SELECT a.id, a.email, a.role, a.disabled, l.name AS license_name, l.monthly_quota, l.per_second, l.per_minute, l.per_hour
           FROM accounts a LEFT JOIN licenses l ON l.name = a.license_name WHERE a.id = $1`,
        [accountId],
      );
      if (!row) return null;
      return {
        accountId: row.id,
        email: row.email,
        role: row.role,
        disabled: row.disabled,
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
    });
  }

  invalidateToken(secretHash: string): Promise<void> {
    return this.invalidate(`token:${secretHash}`);
  }

  invalidateAccount(accountId: string): Promise<void> {
    return this.invalidate(`account:${accountId}`);
  }

  /** After a license change, which may touch many accounts. */
  invalidateAllAccounts(): Promise<void> {
    return this.invalidate('accounts:*');
  }

  private async invalidate(message: string): Promise<void> {
    this.applyInvalidation(message);
    if (this.redis) {
      await this.redis.publish(CHANNEL, message).catch((error: Error) => {
        this.logger.error(`Could not broadcast cache invalidation '${message}': ${error.message}`);
      });
    }
  }

  private applyInvalidation(message: string): void {
    if (message === 'accounts:*') this.accounts.clear();
    else if (message.startsWith('account:')) this.accounts.delete(message.slice('account:'.length));
    else if (message.startsWith('token:')) this.tokens.delete(message.slice('token:'.length));
  }

  private async cached<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    if (this.settings.accessCacheTtlMs > 0) {
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
      map.set(key, { value, expiresAt: now + this.settings.accessCacheTtlMs });
    }
    return value;
  }
}
