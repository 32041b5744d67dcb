import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BatchLoader } from '../../common/cache/batch-loader';
import { Clock } from '../../common/clock';
import { NIL_UUID } from '../../common/database/uuid';
import { COUNTER_STORE, type CounterStore, type IncrementResult, type IncrementRule } from './counter-store';
import { monthCounterTtlSeconds, monthResetsAt, monthStart, utcDay, utcMonth } from './usage-calendar';
import { type UsageCounts, UsageWriteBackService } from './usage-write-back.service';

/** A request that consumed a unit of quota (step 7): what its answer settles. */
export interface Charge {
  accountId: string;
  tokenId?: string;
  at: Date;
}

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

/** Accounts whose month's usage one warm-up query reads. */
const WARM_BATCH = 1000;

/** A month's usage of an account, as the usage lookups key it. */
const usageKey = (month: string, accountId: string) => `${month}/${accountId}`;

/** Step 7's unit of quota, named ahead so that step 6's store call can consume it in the same round trip. */
export interface PendingCharge extends IncrementRule {
  month: string;
}

/** A pending charge and what the store found when it was made. */
export interface ChargeMadeAhead {
  charge: PendingCharge;
  result: IncrementResult;
}

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
  /**
   * This instance's latest view of each month counter it has touched, so the quota check (step 5) needs no round
   * trip to Redis. It can only lag behind other instances' increments, never run ahead of the truth, and the
   * charge (step 7) is the atomic increment-if-below in the store, which is what makes the quota exact.
   */
  private readonly lastSeen = new Map<string, number>();
  /** Month usage reads for seeding, in one query for the accounts asked for together (see BatchLoader). */
  private readonly usageLookups = new BatchLoader(
    (keys: string[]) => this.writeBack.consistentRead(() => this.usedInDatabaseNow(keys)),
    { maxBatch: 500, maxInFlight: 2, missing: 0 },
  );

  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly dataSource: DataSource,
    private readonly writeBack: UsageWriteBackService,
    private readonly clock: Clock,
  ) {}

  /**
   * Before the service answers: seeds the month's counters of `accountIds` (those of the tokens used lately, see
   * CredentialsCache.warmUp) with one query per WARM_BATCH accounts. That is the on-demand usage query too; with
   * no accounts to seed it runs once for none, so that the first miss does not wait on a cold engine either.
   */
  async warmUp(accountIds: string[] = []): Promise<void> {
    const now = this.clock.now();
    const month = utcMonth(now);
    if (!accountIds.length) await this.usedInDatabase(NIL_UUID, month);
    const ttlSeconds = monthCounterTtlSeconds(month, now);
    for (let from = 0; from < accountIds.length; from += WARM_BATCH) {
      const batch = accountIds.slice(from, from + WARM_BATCH);
      const used = await this.writeBack.consistentRead(() =>
        this.usedInDatabaseNow(batch.map((accountId) => usageKey(month, accountId))),
      );
      // Side by side (one pipelined write to Redis); a counter another instance already keeps is left as it is.
      await Promise.all(
        batch.map(async (accountId) => {
          const key = this.key(accountId, month);
          await this.store.seed(key, used.get(usageKey(month, accountId)) ?? 0, ttlSeconds);
          const counted = await this.store.get(key);
          if (counted !== null) this.remember(key, counted);
        }),
      );
    }
  }

  /** Requests used this month (or in `month`), including those not yet written to PostgreSQL. */
  async used(accountId: string, month = utcMonth(this.clock.now())): Promise<number> {
    if (month !== utcMonth(this.clock.now())) return this.usedInDatabase(accountId, month);
    const key = this.key(accountId, month);
    const used = (await this.store.get(key)) ?? (await this.seed(accountId, month));
    this.remember(key, used);
    return used;
  }

  /** The month's figures without consuming anything, read from the store (the account views). */
  async peek(accountId: string, quota: number | null): Promise<QuotaState> {
    const month = utcMonth(this.clock.now());
    return this.stateOf(month, await this.used(accountId, month), quota);
  }

  /** This instance's latest view of the month, when it has one (no lookup). */
  knownState(accountId: string, quota: number | null): QuotaState | undefined {
    const month = utcMonth(this.clock.now());
    const seen = this.lastSeen.get(this.key(accountId, month));
    return seen === undefined ? undefined : this.stateOf(month, seen, quota);
  }

  /** The figures the quota check (step 5) decides on: this instance's latest view, else the store's. */
  async check(accountId: string, quota: number | null): Promise<QuotaState> {
    const month = utcMonth(this.clock.now());
    const seen = this.lastSeen.get(this.key(accountId, month));
    return this.stateOf(month, seen ?? (await this.used(accountId, month)), quota);
  }

  /** The unit of quota step 7 will consume, in the month the quota check (step 5) decided on (no lookup). */
  pendingCharge(accountId: string, checked: QuotaState): PendingCharge {
    return { key: this.key(accountId, checked.month), limit: checked.quota, month: checked.month };
  }

  /**
   * Consumes one unit (step 7); null when the quota is used up. Seeds the month's counter when it must. When the
   * increment was already made (`madeAhead`, with step 6's rate-limit count), only what it found is settled here.
   */
  async consume(
    accountId: string,
    quota: number | null,
    tokenId?: string,
    madeAhead?: ChargeMadeAhead,
  ): Promise<QuotaState | null> {
    const now = this.clock.now();
    const month = madeAhead?.charge.month ?? utcMonth(now);
    const key = this.key(accountId, month);
    let result = madeAhead ? madeAhead.result : await this.store.incrementIfBelow(key, quota);
    if (result === 'unseeded') {
      await this.seed(accountId, month);
      result = await this.store.incrementIfBelow(key, quota);
    }
    if (typeof result !== 'number') {
      if (result === 'limit-reached' && quota !== null) this.remember(key, quota);
      return null;
    }
    this.remember(key, result);
    this.writeBack.record(accountId, utcDay(now), tokenId, now);
    return this.stateOf(month, result, quota);
  }

  /**
   * Settles a charged request once it is answered: a client error (4xx) is counted as an error; a request the
   * service failed (5xx) gets its unit back — the contract bills a client's errors, not ours.
   */
  async settle(charge: Charge, status: number): Promise<void> {
    const day = utcDay(charge.at);
    if (status >= 500) {
      const key = this.key(charge.accountId, utcMonth(charge.at));
      this.writeBack.unrecord(charge.accountId, day, charge.tokenId);
      await this.store.decrement(key);
      const seen = this.lastSeen.get(key);
      if (seen !== undefined && seen > 0) this.lastSeen.set(key, seen - 1);
    } else if (status >= 400) this.writeBack.recordClientError(charge.accountId, day, charge.tokenId);
  }

  /** Daily counts for a month, PostgreSQL plus what this instance has not written yet. */
  daily(accountId: string, month: string): Promise<({ date: string } & OutcomeCounts)[]> {
    return this.writeBack.consistentRead(() => this.dailyNow(accountId, month));
  }

  /** Per-token counts for a month (tokens that still exist and were used), most used first. */
  byToken(accountId: string, month: string): Promise<TokenUsage[]> {
    return this.writeBack.consistentRead(() => this.byTokenNow(accountId, month));
  }

  private remember(key: string, used: number): void {
    // Bounded by the accounts active this month on this instance; forgetting only costs a read of the store.
    if (this.lastSeen.size >= 100_000 && !this.lastSeen.has(key)) this.lastSeen.clear();
    this.lastSeen.set(key, used);
  }

  private stateOf(month: string, used: number, quota: number | null): QuotaState {
    return {
      month,
      used,
      quota,
      remaining: quota === null ? null : Math.max(0, quota - used),
      resetsAt: monthResetsAt(month),
    };
  }

  /** Seeds the month's counter from PostgreSQL (unless another request or instance did first): its value. */
  private async seed(accountId: string, month: string): Promise<number> {
    const key = this.key(accountId, month);
    await this.store.seed(
      key,
      await this.usedInDatabase(accountId, month),
      monthCounterTtlSeconds(month, this.clock.now()),
    );
    return (await this.store.get(key)) ?? 0;
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

  /** A month's usage from PostgreSQL plus what this instance has not written yet; asked for together, in one query. */
  private usedInDatabase(accountId: string, month: string): Promise<number> {
    return this.usageLookups.load(usageKey(month, accountId));
  }

  /** Each `usageKey`'s usage: one query per month among them (nearly always one). */
  private async usedInDatabaseNow(keys: string[]): Promise<Map<string, number>> {
    const byMonth = new Map<string, string[]>();
    for (const key of keys) {
      const [month, accountId] = key.split('/');
      const accounts = byMonth.get(month);
      if (accounts) accounts.push(accountId);
      else byMonth.set(month, [accountId]);
    }
    const used = new Map<string, number>();
    for (const [month, accountIds] of byMonth) {
      // One index range per account (LATERAL), whatever the planner's statistics say (see loadTokenOwners).
      const rows: { account_id: string; used: number }[] = await this.dataSource.query(
        `SELECT k.id AS account_id, u.used FROM unnest($1::uuid[]) AS k(id)
           CROSS JOIN LATERAL (
             SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily
              WHERE account_id = k.id AND day >= $2::date AND day < ($2::date + interval '1 month')) u`,
        [accountIds, monthStart(month)],
      );
      const stored = new Map(rows.map((row) => [row.account_id, Number(row.used)]));
      for (const accountId of accountIds) {
        const pending = [...this.writeBack.pendingFor(accountId)]
          .filter(([day]) => day.startsWith(month))
          .reduce((sum, [, counts]) => sum + counts.count, 0);
        used.set(usageKey(month, accountId), (stored.get(accountId) ?? 0) + pending);
      }
    }
    return used;
  }

  private key(accountId: string, month: string): string {
    return `quota:${accountId}:${month}`;
  }
}
