import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';

/** How many times the shutdown flush is tried before what it holds is given up (and logged). */
const SHUTDOWN_FLUSH_ATTEMPTS = 5;

/**
 * Metered requests are counted in memory and written to PostgreSQL in batches (every USAGE_FLUSH_INTERVAL_MS
 * and on shutdown), so the hot path makes no database write. Token last-use times ride along.
 */
@Injectable()
export class UsageWriteBackService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageWriteBackService.name);
  /** `${accountId}|${day}` → requests not yet written. */
  private pendingUsage = new Map<string, number>();
  /** `${accountId}|${tokenId}` → last use. */
  private pendingLastUse = new Map<string, Date>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Set while writes fail, so an outage is logged once when it starts and once when it ends. */
  private failingSince?: Date;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.settings.usageFlushIntervalMs);
    this.timer.unref();
  }

  /**
   * Before the database connection closes (TypeORM closes it in onApplicationShutdown): the last chance to write
   * what was counted, so a failed write is retried a few times rather than left in memory, where it would be lost.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    for (let attempt = 1; ; attempt++) {
      await this.flush();
      if (this.pendingUsage.size === 0 && this.pendingLastUse.size === 0) return;
      if (attempt === SHUTDOWN_FLUSH_ATTEMPTS) break;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
    const lost = [...this.pendingUsage.values()].reduce((sum, count) => sum + count, 0);
    this.logger.error(
      `Usage write-back failed ${SHUTDOWN_FLUSH_ATTEMPTS} times on shutdown: ${lost} metered requests are not counted`,
    );
  }

  record(accountId: string, day: string, tokenId: string | undefined, at: Date): void {
    const key = `${accountId}|${day}`;
    this.pendingUsage.set(key, (this.pendingUsage.get(key) ?? 0) + 1);
    if (tokenId !== undefined) this.pendingLastUse.set(`${accountId}|${tokenId}`, at);
  }

  /** Takes back one recorded request (refunded); may go below zero when the request was already written. */
  unrecord(accountId: string, day: string): void {
    const key = `${accountId}|${day}`;
    this.pendingUsage.set(key, (this.pendingUsage.get(key) ?? 0) - 1);
  }

  /** Requests counted here but not yet in PostgreSQL, per day, for one account. */
  pendingFor(accountId: string): Map<string, number> {
    const days = new Map<string, number>();
    for (const [key, count] of this.pendingUsage) {
      const [account, day] = key.split('|');
      if (account === accountId) days.set(day, count);
    }
    return days;
  }

  /**
   * Runs a read of usage_daily + pendingFor() between flushes, so counts moving from memory to PostgreSQL are
   * seen exactly once (a flush swaps the pending map before its write commits).
   */
  consistentRead<T>(read: () => Promise<T>): Promise<T> {
    const result = this.flushing.then(read);
    this.flushing = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Writes everything pending; serialised so two flushes never write the same delta twice. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    const usage = this.pendingUsage;
    const lastUse = this.pendingLastUse;
    if (usage.size === 0 && lastUse.size === 0) return;
    this.pendingUsage = new Map();
    this.pendingLastUse = new Map();
    try {
      await this.dataSource.transaction(async (manager) => {
        if (usage.size) {
          const rows = [...usage].map(([key, count]) => [...key.split('|'), count] as const);
          await manager.query(
            `INSERT INTO usage_daily (account_id, day, count)
             SELECT u.account_id, u.day, u.count
               FROM unnest($1::uuid[], $2::date[], $3::int[]) AS u(account_id, day, count)
               JOIN accounts a ON a.id = u.account_id
             ON CONFLICT (account_id, day) DO UPDATE SET count = usage_daily.count + EXCLUDED.count`,
            [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
          );
        }
        if (lastUse.size) {
          const rows = [...lastUse].map(([key, at]) => [...key.split('|'), at.toISOString()] as const);
          await manager.query(
            `UPDATE api_tokens t SET last_used_at = GREATEST(COALESCE(t.last_used_at, u.at), u.at)
               FROM unnest($1::uuid[], $2::varchar[], $3::timestamptz[]) AS u(account_id, id, at)
              WHERE t.account_id = u.account_id AND t.id = u.id`,
            [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
          );
        }
      });
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      for (const [key, count] of usage) this.pendingUsage.set(key, (this.pendingUsage.get(key) ?? 0) + count);
      for (const [key, at] of lastUse) if (!this.pendingLastUse.has(key)) this.pendingLastUse.set(key, at);
      if (!this.failingSince) {
        this.failingSince = new Date();
        this.logger.error(`Usage write-back failed; retrying every flush: ${(error as Error).message}`);
      }
      return;
    }
    if (this.failingSince) {
      const seconds = Math.round((Date.now() - this.failingSince.getTime()) / 1000);
      this.logger.log(`Usage write-back works again after ${seconds} s; nothing was lost`);
      this.failingSince = undefined;
    }
  }
}
