import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { COUNTER_STORE, type CounterStore } from './counter-store';
import { monthCounterTtlSeconds, monthResetsAt, monthStart, utcDay, utcMonth } from './usage-calendar';
import { UsageWriteBackService } from './usage-write-back.service';

export interface QuotaState {
  month: string;
  used: number;
  quota: number | null;
  remaining: number | null;
  resetsAt: Date;
}

/**
 * The monthly quota: a counter per account and UTC month in the CounterStore (seeded from PostgreSQL when the
 * store has not seen it), consumed with an atomic increment-if-below so that exactly `quota` requests pass.
 */
@Injectable()
export class QuotaService {
  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly dataSource: DataSource,
    private readonly writeBack: UsageWriteBackService,
    private readonly clock: Clock,
  ) {}

  /** Requests used this month (or in `month`), including those not yet written to PostgreSQL. */
  async used(accountId: string, month = utcMonth(this.clock.now())): Promise<number> {
    if (month !== utcMonth(this.clock.now())) return this.usedInDatabase(accountId, month);
    const key = this.key(accountId, month);
    const cached = await this.store.get(key);
    if (cached !== null) return cached;
    await this.store.seed(
      key,
      await this.usedInDatabase(accountId, month),
      monthCounterTtlSeconds(month, this.clock.now()),
    );
    return (await this.store.get(key)) ?? 0;
  }

  async state(accountId: string, quota: number | null): Promise<QuotaState> {
    const month = utcMonth(this.clock.now());
    const used = await this.used(accountId, month);
    return {
      month,
      used,
      quota,
      remaining: quota === null ? null : Math.max(0, quota - used),
      resetsAt: monthResetsAt(month),
    };
  }

  /**
   * Consumes one unit; null when the quota is used up (the caller answers 403). Call state() first in the same
   * request: it seeds the month's counter from PostgreSQL, so this step is a single atomic increment (a counter
   * missing here can only be a month that has just begun, which rightly starts at 0).
   */
  async consume(accountId: string, quota: number | null, tokenId?: string): Promise<QuotaState | null> {
    const now = this.clock.now();
    const month = utcMonth(now);
    const used = await this.store.incrementIfBelow(
      this.key(accountId, month),
      quota,
      monthCounterTtlSeconds(month, now),
    );
    if (used === null) return null;
    this.writeBack.record(accountId, utcDay(now), tokenId, now);
    return {
      month,
      used,
      quota,
      remaining: quota === null ? null : quota - used,
      resetsAt: monthResetsAt(month),
    };
  }

  /** Daily counts for a month, PostgreSQL plus what this instance has not written yet. */
  daily(accountId: string, month: string): Promise<{ date: string; count: number }[]> {
    return this.writeBack.consistentRead(() => this.dailyNow(accountId, month));
  }

  private async dailyNow(accountId: string, month: string): Promise<{ date: string; count: number }[]> {
    const rows: { day: string; count: number }[] = await this.dataSource.query(
      `SELECT day, count FROM usage_daily WHERE account_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month') ORDER BY day`,
      [accountId, monthStart(month)],
    );
    const days = new Map(rows.map((r) => [r.day, r.count]));
    for (const [day, count] of this.writeBack.pendingFor(accountId)) {
      if (day.startsWith(month)) days.set(day, (days.get(day) ?? 0) + count);
    }
    return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
  }

  private usedInDatabase(accountId: string, month: string): Promise<number> {
    return this.writeBack.consistentRead(() => this.usedInDatabaseNow(accountId, month));
  }

  private async usedInDatabaseNow(accountId: string, month: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily
        WHERE account_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month')`,
      [accountId, monthStart(month)],
    );
    const pending = [...this.writeBack.pendingFor(accountId)].filter(([day]) => day.startsWith(month));
    return Number(row.used) + pending.reduce((sum, [, count]) => sum + count, 0);
  }

  private key(accountId: string, month: string): string {
    return `quota:${accountId}:${month}`;
  }
}
