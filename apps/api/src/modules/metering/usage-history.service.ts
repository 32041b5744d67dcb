import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { monthStart } from './usage-calendar';
import { type UsageCounts, UsageWriteBackService } from './usage-write-back.service';

/** A day's or a token's charged requests, split by outcome. */
export interface OutcomeCounts {
  count: number;
  success: number;
  errors: number;
}

export interface TokenUsage extends OutcomeCounts {
  tokenId: string;
}

const outcomes = ({ count, errors }: UsageCounts): OutcomeCounts => ({
  count,
  success: count - errors,
  errors,
});

/**
 * An account's usage history for its reports: requests per day and per token in a month, from PostgreSQL plus
 * what this instance has counted but not written yet. (The month's total, against the quota, is QuotaService's.)
 */
@Injectable()
export class UsageHistoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly writeBack: UsageWriteBackService,
  ) {}

  /** Daily counts for a month, PostgreSQL plus what this instance has not written yet. */
  daily(accountId: string, month: string): Promise<({ date: string } & OutcomeCounts)[]> {
    return this.writeBack.consistentRead(() => this.dailyNow(accountId, month));
  }

  /** Per-token counts for a month (tokens that still exist and were used), most used first. */
  byToken(accountId: string, month: string): Promise<TokenUsage[]> {
    return this.writeBack.consistentRead(() => this.byTokenNow(accountId, month));
  }

  private async dailyNow(accountId: string, month: string): Promise<({ date: string } & OutcomeCounts)[]> {
    const rows: { day: string; count: number; errors: number }[] = await this.dataSource.query(
      `SELECT day, count, errors FROM usage_daily
        WHERE account_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month') ORDER BY day`,
      [accountId, monthStart(month)],
    );
    const days = new Map<string, UsageCounts>(rows.map((r) => [r.day, { count: r.count, errors: r.errors }]));
    for (const [day, pending] of this.writeBack.pendingFor(accountId)) {
      if (!day.startsWith(month)) continue;
      const stored = days.get(day) ?? { count: 0, errors: 0 };
      days.set(day, { count: stored.count + pending.count, errors: stored.errors + pending.errors });
    }
    return [...days]
      .filter(([, counts]) => counts.count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, counts]) => ({ date, ...outcomes(counts) }));
  }

  private async byTokenNow(accountId: string, month: string): Promise<TokenUsage[]> {
    // Joined with api_tokens: pending counts of a token deleted meanwhile are not shown (its rows are gone too).
    const rows: { token_id: string; count: number; errors: number }[] = await this.dataSource.query(
      `SELECT t.id AS token_id, COALESCE(SUM(u.count), 0)::int AS count, COALESCE(SUM(u.errors), 0)::int AS errors
           FROM api_tokens t
           LEFT JOIN token_usage_daily u ON u.account_id = t.account_id AND u.token_id = t.id
                AND u.day >= $2::date AND u.day < ($2::date + interval '1 month')
          WHERE t.account_id = $1
          GROUP BY t.id`,
      [accountId, monthStart(month)],
    );
    const tokens = new Map<string, UsageCounts>(
      rows.map((r) => [r.token_id, { count: r.count, errors: r.errors }]),
    );
    for (const { tokenId, day, counts } of this.writeBack.pendingTokensFor(accountId)) {
      const stored = tokens.get(tokenId);
      if (!stored || !day.startsWith(month)) continue;
      stored.count += counts.count;
      stored.errors += counts.errors;
    }
    return [...tokens]
      .filter(([, counts]) => counts.count > 0)
      .map(([tokenId, counts]) => ({ tokenId, ...outcomes(counts) }))
      .sort((a, b) => b.count - a.count || a.tokenId.localeCompare(b.tokenId));
  }
}
