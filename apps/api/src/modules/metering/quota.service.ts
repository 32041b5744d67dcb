import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { NIL_UUID } from '../../common/database/uuid';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import {
  COUNTER_STORE,
  type CounterStore,
  CountersUnavailableError,
  type IncrementResult,
  type IncrementRule,
  type QuotaCount,
} from './counter-store';
import { NoQuotaRouteError, QuotaAuthority, type StandingBoard } from './quota-authority';
import { ledgerKey, type LedgerRow, QuotaLedger } from './quota-ledger';
import { DEFAULT_QUOTA_COST, settlementOf } from './billing';
import { monthCounterTtlSeconds, monthResetsAt, utcDay, utcMonth } from './usage-calendar';
import { quotaCounterKey, UsageWriteBackService } from './usage-write-back.service';

/** A request that consumed a unit of quota (step 7): what its answer settles. */
export interface Charge {
  accountId: string;
  tokenId?: string;
  at: Date;
  month: string;
  /** The units it consumed: its route's cost. */
  units: number;
  /** True when the units were charged in PostgreSQL's ledger (Redis was away), not in the store's counter. */
  inLedger: boolean;
}

/** Accounts whose month counters one warm-up query seeds. */
const WARM_BATCH = 1000;

/** Marked ledger rows one re-seeding pass takes. */
const RESEED_BATCH = 500;

/** Attempts at seeding a counter while ledger writes keep landing between the snapshot and the seed. */
const SEED_ATTEMPTS = 10;

/** The incarnation of a unit refunded where there was no counter (any counter takes it in once it is written). */
const NO_COUNTER = '-';

/** Where the instances publish their standing towards the quota (MeteringInstancesBoard). */
export const STANDING_BOARD = Symbol('STANDING_BOARD');

/** Step 7's units of quota, named ahead so that step 6's store call can consume them in the same round trip. */
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

/** What step 7 consumed: the month's figures after it, and the charge its answer settles. */
export interface Consumed {
  state: QuotaState;
  charge: Charge;
}

/**
 * The monthly quota. Its truth is PostgreSQL's ledger (QuotaLedger: a row per account and month) plus the units
 * counted but not yet written; its fast path a counter per account and month in the CounterStore (Redis, or this
 * process), seeded from the ledger and consumed with an atomic increment-if-below, so that exactly `quota`
 * requests pass across every instance.
 *
 * While Redis is away from any instance, each unit is charged in the ledger itself (one atomic conditional
 * increment, shared by every instance): QuotaAuthority makes every instance switch together, each once it has
 * written the units it counted in Redis. When Redis is back, with or without its data, or as another run (a
 * restart from an older snapshot), the counters whose rows were charged meanwhile — all of them, for another run —
 * are re-seeded before any instance counts in Redis again; the versions on the ledger's rows make every seeding
 * exact (see CounterStore).
 */
@Injectable()
export class QuotaService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Quota');
  /**
   * This instance's latest view of each month counter it has touched, so the quota check (step 5) needs no round
   * trip to Redis. It can only lag behind other instances' increments, never run ahead of the truth, and the
   * charge (step 7) is the atomic increment-if-below in the store, which is what makes the quota exact.
   * Bounded, the least recently used going first: forgetting one only costs a read of the store. By count through
   * maxSize (weight 1 each), not `max`, which would allocate arrays for 100,000 entries up front in every app
   * (see LoadingCache).
   */
  private readonly lastSeen = new LRUCache<string, QuotaCount>({
    maxSize: 100_000,
    sizeCalculation: () => 1,
  });
  /** With a shared store (Redis): where this instance counts units, agreed with the other instances. */
  private authority?: QuotaAuthority;
  private reseedTimer?: NodeJS.Timeout;
  private reseeding?: Promise<void>;

  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly ledger: QuotaLedger,
    private readonly writeBack: UsageWriteBackService,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Optional() @Inject(STANDING_BOARD) private readonly board?: StandingBoard,
  ) {}

  onModuleInit(): void {
    const availability = this.store.availability;
    if (!availability) return; // in-process counters are never away
    if (this.board) {
      const authority = new QuotaAuthority(
        this.board,
        {
          useRedis: (open) => availability.useForQuotas(open),
          leaveRedis: () => this.writeRedisUnits(),
          prepareRedis: () => this.prepareRedis(),
        },
        // Not yet connected is not away: the first route is Redis's unless the store reports a failure.
        false,
      );
      this.authority = authority;
      availability.watch({
        away: () => authority.setLocalAway(true),
        back: () => authority.setLocalAway(false),
      });
    } else {
      availability.useForQuotas(true);
    }
    // Rows marked by an instance that could not reconcile (or stopped during an outage) are re-seeded by whoever
    // finds them; one small indexed query per interval when there are none.
    this.reseedTimer = setInterval(() => void this.reseedMarked(), this.settings.usageFlushIntervalMs);
    this.reseedTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.reseedTimer);
    await this.authority?.stop();
  }

  /** Where this instance counts quota units now ('redis' also stands for the in-process counters). */
  countedIn(): 'redis' | 'postgresql' | 'switching' {
    if (!this.authority) return 'redis';
    const route = this.authority.route;
    return route === null ? 'switching' : route === 'ledger' ? 'postgresql' : 'redis';
  }

  /**
   * Before the service answers: seeds the month's counters of `accountIds` (those of the tokens used lately, see
   * CredentialsCache.warmUp) with one ledger query per WARM_BATCH accounts, and re-seeds what is marked. With no
   * accounts, the ledger query runs once for none, so that the first miss does not wait on a cold engine either.
   */
  async warmUp(accountIds: string[] = []): Promise<void> {
    // Agree with the other instances where units are counted (Redis, unless one of them cannot reach it).
    await this.authority?.start();
    const now = this.clock.now();
    const month = utcMonth(now);
    if (!accountIds.length) await this.ledger.snapshot(NIL_UUID, month);
    const ttlSeconds = monthCounterTtlSeconds(month, now);
    try {
      for (let from = 0; from < accountIds.length; from += WARM_BATCH) {
        const batch = accountIds.slice(from, from + WARM_BATCH);
        const snapshots = await this.ledger.snapshotsNow(
          batch.map((accountId) => ledgerKey(month, accountId)),
        );
        // Side by side (one pipelined write to Redis); a counter another instance already keeps is left as it is.
        await Promise.all(
          batch.map(async (accountId) => {
            const key = quotaCounterKey(accountId, month);
            const snapshot = snapshots.get(ledgerKey(month, accountId)) ?? { used: 0, version: 0 };
            const seeded = await this.store.seedQuota(key, snapshot, ttlSeconds, 'if-absent');
            this.remember(key, seeded === 'stale' ? await this.seed(accountId, month) : seeded);
          }),
        );
      }
      await this.reseedMarked();
    } catch (error) {
      // Redis away at start-up: the ledger decides until it is back, and the counters are seeded on demand then.
      if (!(error instanceof CountersUnavailableError)) throw error;
    }
  }

  /**
   * The month's figures (default: the current month) without consuming anything: the one read of an account's
   * usage, the units counted but not yet written to PostgreSQL included. The current month is read from the
   * counter store (seeded from the ledger when it must be), a past month or a store that is away from the ledger.
   */
  async state(
    accountId: string,
    quota: number | null,
    month = utcMonth(this.clock.now()),
  ): Promise<QuotaState> {
    return this.stateOf(month, await this.usedIn(accountId, month), quota);
  }

  /**
   * The figures the quota check (step 5) decides on: this instance's latest view of the month, returned at once
   * (no promise) when it has one, else `state`. The view can only lag behind other instances' charges, and the
   * charge itself (step 7) is the store's atomic increment-if-below: that is what keeps the quota exact.
   */
  stateForCheck(accountId: string, quota: number | null): QuotaState | Promise<QuotaState> {
    const month = utcMonth(this.clock.now());
    const seen = this.lastSeen.get(quotaCounterKey(accountId, month));
    return seen === undefined ? this.state(accountId, quota, month) : this.stateOf(month, seen.used, quota);
  }

  /**
   * The units of quota step 7 will consume (`amount`: the route's cost), in the month the quota check (step 5)
   * decided on (no lookup).
   */
  pendingCharge(accountId: string, checked: QuotaState, amount: number): PendingCharge {
    return {
      key: quotaCounterKey(accountId, checked.month),
      limit: checked.quota,
      amount,
      month: checked.month,
    };
  }

  /**
   * Consumes `amount` units (step 7), whole or not at all; null when the quota does not leave that many. Seeds
   * the month's counter when it must; charges the ledger while the store is away. When the increment was already
   * made (`madeAhead`, with step 6's rate-limit count), only what it found is settled here.
   */
  async consume(
    accountId: string,
    quota: number | null,
    tokenId?: string,
    madeAhead?: ChargeMadeAhead,
    amount = madeAhead?.charge.amount ?? DEFAULT_QUOTA_COST,
  ): Promise<Consumed | null> {
    const now = this.clock.now();
    const month = madeAhead?.charge.month ?? utcMonth(now);
    const key = quotaCounterKey(accountId, month);
    let result = madeAhead ? madeAhead.result : await this.store.incrementIfBelow(key, quota, amount);
    // Redis's counters did not take it: the ledger's turn, or (after a switch back) Redis's again, at most twice.
    for (let attempt = 1; ; attempt++) {
      if (result === 'unseeded') result = await this.seedThenIncrement(accountId, month, quota, amount);
      if (result !== 'unavailable') break;
      if (!this.authority) return this.consumeInLedger(accountId, quota, tokenId, month, now, amount);
      const charged = await this.authority.inLedger(() =>
        this.consumeInLedger(accountId, quota, tokenId, month, now, amount),
      );
      if (charged !== 'redis') return charged;
      if (attempt === 2) throw new NoQuotaRouteError();
      result = await this.store.incrementIfBelow(key, quota, amount);
    }
    if (result === 'limit-reached') {
      this.rememberRefused(key, quota, amount);
      return null;
    }
    this.remember(key, result);
    this.writeBack.record(accountId, utcDay(now), tokenId, now, amount);
    this.writeBack.recordQuota(accountId, month, result.incarnation, amount);
    return {
      state: this.stateOf(month, result.used, quota),
      charge: { accountId, tokenId, at: now, month, units: amount, inLedger: false },
    };
  }

  /**
   * Settles a charged request once it is answered, as billing.ts rules: billed, billed as a client error, or
   * refunded (its units given back).
   */
  async settle(charge: Charge, status: number): Promise<void> {
    const day = utcDay(charge.at);
    const settlement = settlementOf(status);
    if (settlement === 'billed') return;
    if (settlement === 'billed-as-error') {
      this.writeBack.recordClientError(charge.accountId, day, charge.tokenId, charge.units);
      return;
    }
    const key = quotaCounterKey(charge.accountId, charge.month);
    this.writeBack.unrecord(charge.accountId, day, charge.tokenId, charge.units);
    const seen = this.lastSeen.get(key);
    if (seen !== undefined && seen.used > 0)
      this.lastSeen.set(key, { ...seen, used: Math.max(0, seen.used - charge.units) });
    if (!charge.inLedger) {
      try {
        const incarnation = await this.store.decrement(key, charge.units);
        this.writeBack.recordQuota(charge.accountId, charge.month, incarnation ?? NO_COUNTER, -charge.units);
        return;
      } catch (error) {
        if (!(error instanceof CountersUnavailableError)) throw error;
      }
    }
    await this.ledger.refund(charge.accountId, charge.month, charge.units);
  }

  /**
   * Re-seeds the counters of the ledger rows marked while Redis was away (charged in the ledger, or written
   * while their counters could not be reconciled), from the ledger's figures. Runs when Redis is back and every
   * USAGE_FLUSH_INTERVAL_MS after; one pass at a time.
   */
  reseedMarked(): Promise<void> {
    this.reseeding ??= this.reseedNow(this.store)
      .catch((error: Error) => {
        if (!(error instanceof CountersUnavailableError))
          this.logger.warn(`Re-seeding quota counters failed: ${error.message}`);
      })
      .finally(() => (this.reseeding = undefined));
    return this.reseeding;
  }

  private async usedIn(accountId: string, month: string): Promise<number> {
    if (month !== utcMonth(this.clock.now())) return this.usedInLedger(accountId, month);
    const key = quotaCounterKey(accountId, month);
    try {
      const count = (await this.store.quota(key)) ?? (await this.seed(accountId, month));
      this.remember(key, count);
      return count.used;
    } catch (error) {
      if (!(error instanceof CountersUnavailableError)) throw error;
      return this.usedInLedger(accountId, month);
    }
  }

  private remember(key: string, count: QuotaCount): void {
    const seen = this.lastSeen.get(key);
    // Another incarnation: Redis lost this counter, or it was re-seeded. Units counted in the old one are taken
    // in once written: write them now rather than at the next interval.
    if (seen?.incarnation && count.incarnation && seen.incarnation !== count.incarnation)
      void this.writeBack.flush();
    this.lastSeen.set(key, count);
  }

  /**
   * A refusal for want of room: when even one unit would not fit, the month is used up as far as this instance can
   * tell; a refused cost of several units only says fewer than that many were left, which is not remembered.
   */
  private rememberRefused(key: string, quota: number | null, amount: number): void {
    if (quota !== null && amount === 1)
      this.remember(key, { used: quota, incarnation: this.lastSeen.get(key)?.incarnation ?? '' });
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

  /**
   * Seeds the month's counter from the ledger (unless another request or instance did first): the counter. A
   * ledger write reconciled after the snapshot was read makes it stale: read again.
   */
  private async seed(accountId: string, month: string): Promise<QuotaCount> {
    const key = quotaCounterKey(accountId, month);
    for (let attempt = 1; attempt <= SEED_ATTEMPTS; attempt++) {
      const snapshot = await this.ledger.snapshot(accountId, month);
      const ttlSeconds = monthCounterTtlSeconds(month, this.clock.now());
      const seeded = await this.store.seedQuota(key, snapshot, ttlSeconds, 'if-absent');
      if (seeded !== 'stale') return seeded;
    }
    throw new Error(`Quota counter ${key} not seeded: the ledger moved on ${SEED_ATTEMPTS} times`);
  }

  /** Seeds the counter, then increments it; the ledger decides when the store goes away meanwhile. */
  private async seedThenIncrement(
    accountId: string,
    month: string,
    quota: number | null,
    amount: number,
  ): Promise<Exclude<IncrementResult, 'unseeded'>> {
    try {
      await this.seed(accountId, month);
    } catch (error) {
      if (error instanceof CountersUnavailableError) return 'unavailable';
      throw error;
    }
    const result = await this.store.incrementIfBelow(quotaCounterKey(accountId, month), quota, amount);
    // Gone again at once: Redis lost its data in between.
    return result === 'unseeded' ? 'unavailable' : result;
  }

  /** Step 7 while the store is away: the units are charged in the ledger, atomically for every instance. */
  private async consumeInLedger(
    accountId: string,
    quota: number | null,
    tokenId: string | undefined,
    month: string,
    now: Date,
    amount: number,
  ): Promise<Consumed | null> {
    const key = quotaCounterKey(accountId, month);
    const used = await this.ledger.chargeIfBelow(accountId, month, quota, amount);
    const incarnation = this.lastSeen.get(key)?.incarnation ?? '';
    if (used === 'limit-reached') {
      if (quota !== null && amount === 1) this.lastSeen.set(key, { used: quota, incarnation });
      return null;
    }
    this.lastSeen.set(key, { used, incarnation });
    // The daily and per-token counts; the units themselves are in the ledger already.
    this.writeBack.record(accountId, utcDay(now), tokenId, now, amount);
    return {
      state: this.stateOf(month, used, quota),
      charge: { accountId, tokenId, at: now, month, units: amount, inLedger: true },
    };
  }

  /** The ledger's figure plus this instance's units not yet written (while the store is away, or a past month). */
  private usedInLedger(accountId: string, month: string): Promise<number> {
    return this.writeBack.consistentRead(
      async () =>
        (await this.ledger.snapshot(accountId, month)).used +
        this.writeBack.pendingQuotaFor(accountId, month),
    );
  }

  /**
   * Quotas leave Redis (QuotaAuthority, the store's gate closed): once the increments under way have been
   * answered and their units recorded, everything counted in Redis is written to the ledger, which then decides.
   */
  private async writeRedisUnits(): Promise<void> {
    await this.store.availability?.quotaOperationsSettled();
    // An answered increment's unit is recorded by the request's continuation, before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    await this.writeBack.flush();
    if (this.writeBack.holdsQuotaUnits())
      throw new Error('PostgreSQL did not take the units counted in Redis; the ledger waits for them');
  }

  /**
   * Before quotas return to Redis (QuotaAuthority): the counters of the rows charged in the ledger meanwhile are
   * re-seeded. A Redis that is another run than the one the counters were last seeded into (restarted, perhaps
   * from a snapshot minutes old: counters that exist but lag behind the ledger) has every counter of the month
   * re-seeded.
   */
  private async prepareRedis(): Promise<void> {
    const availability = this.store.availability;
    if (availability) {
      const runId = await availability.runId();
      const month = utcMonth(this.clock.now());
      if (await this.ledger.adoptCounterRun(runId, month))
        this.logger.warn(
          `Redis is another run (${runId}): every counter of ${month} is re-seeded from PostgreSQL`,
        );
    }
    await this.reseedNow();
  }

  private async reseedNow(store: CounterStore = this.store): Promise<void> {
    for (;;) {
      const rows = await this.ledger.marked(RESEED_BATCH);
      if (!rows.length) return;
      const now = this.clock.now();
      const seeded: LedgerRow[] = [];
      await Promise.all(
        rows.map(async (row) => {
          const ttlSeconds = monthCounterTtlSeconds(row.month, now);
          // A month whose counters have expired has nothing to re-seed.
          const outcome =
            ttlSeconds > 0
              ? await store.seedQuota(quotaCounterKey(row.accountId, row.month), row, ttlSeconds, 'replace')
              : 'expired';
          if (outcome === 'stale') return; // a newer write was reconciled: the next pass reads it
          seeded.push(row);
          if (outcome !== 'expired') this.lastSeen.set(quotaCounterKey(row.accountId, row.month), outcome);
        }),
      );
      await this.ledger.unmark(seeded);
      this.logger.log(`Re-seeded ${seeded.length} quota counters from PostgreSQL`);
      if (rows.length < RESEED_BATCH || seeded.length === 0) return;
    }
  }
}
