import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { COUNTER_STORE, type CounterStore, type QuotaReconciliation } from './counter-store';
import { type LedgerDelta, ledgerKey, QuotaLedger } from './quota-ledger';
import { monthCounterTtlSeconds } from './usage-calendar';
import { addDailyUsage, addTokenUsage, SEP, updateLastUse, type UsageCounts } from './usage-rows';

export type { UsageCounts } from './usage-rows';

/** How many times the shutdown flush is tried before what it holds is given up (and logged). */
const SHUTDOWN_FLUSH_ATTEMPTS = 5;

function add(map: Map<string, UsageCounts>, key: string, count: number, errors: number): void {
  const counts = map.get(key);
  if (counts) {
    counts.count += count;
    counts.errors += errors;
  } else map.set(key, { count, errors });
}

/** A quota unit recorded in the store's counter, for the ledger: account, month, incarnation. */
function quotaKey(accountId: string, month: string, incarnation: string): string {
  return accountId + SEP + month + SEP + incarnation;
}

/** What one flush writes: everything pending when it began (what is counted meanwhile waits for the next). */
interface Batch {
  usage: Map<string, UsageCounts>;
  tokenUsage: Map<string, UsageCounts>;
  lastUse: Map<string, Date>;
  quota: Map<string, number>;
  unreconciled: { accountId: string; month: string }[];
  /** The shared counters are away: the month rows written are marked for re-seeding, in the same transaction. */
  markForReseed: boolean;
}

/**
 * Metered requests are counted in memory and written to PostgreSQL in batches (every USAGE_FLUSH_INTERVAL_MS
 * and on shutdown), so the hot path makes no database write. Per-token counts and last-use times ride along.
 * A request is recorded when it is charged; its outcome follows when it is answered (a client error moves it to
 * `errors`, a failure of ours takes it back).
 *
 * The quota units counted in the store's counters (recordQuota) are written to the quota's ledger in the same
 * transaction, by incarnation; once committed, the store reconciles them (see CounterStore): a counter seeded
 * from a snapshot that did not hold them takes them in. A counter that cannot be reconciled (Redis away) has its
 * month row marked for re-seeding.
 */
@Injectable()
export class UsageWriteBackService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageWriteBackService.name);
  /** account, day → requests not yet written. */
  private pendingUsage = new Map<string, UsageCounts>();
  /** account, token, day → requests not yet written. */
  private pendingTokenUsage = new Map<string, UsageCounts>();
  /** account, token → last use. */
  private pendingLastUse = new Map<string, Date>();
  /** account, month, incarnation → quota units counted in the store and not yet in the ledger. */
  private pendingQuota = new Map<string, number>();
  /** Month rows written while their counters could not be reconciled, to mark for re-seeding. */
  private unreconciled: { accountId: string; month: string }[] = [];
  /** Reconciliations under way: they follow a write without holding up the next (see reconcileInBackground). */
  private readonly reconciling = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** consistentRead()s under way (settled, never rejected). */
  private readonly reads = new Set<Promise<void>>();
  /** Set while writes fail, so an outage is logged once when it starts and once when it ends. */
  private failingSince?: Date;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly ledger: QuotaLedger,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
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
      // Redis closes after this hook: the counters take in what was written first (or its rows are marked).
      await Promise.all(this.reconciling);
      if (this.isEmpty()) return;
      if (attempt === SHUTDOWN_FLUSH_ATTEMPTS) break;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
    const lost = [...this.pendingUsage.values()].reduce((sum, counts) => sum + counts.count, 0);
    this.logger.error(
      `Usage write-back failed ${SHUTDOWN_FLUSH_ATTEMPTS} times on shutdown: ${lost} metered requests are not counted`,
    );
  }

  /**
   * A charged request (step 7) of `units` (its route's cost): the usage reports count units, so that a day's
   * counts add up to the month's quota used.
   */
  record(accountId: string, day: string, tokenId: string | undefined, at: Date, units: number): void {
    this.count(accountId, day, tokenId, units, 0);
    if (tokenId !== undefined) this.pendingLastUse.set(accountId + SEP + tokenId, at);
  }

  /** A charged request of `units` that was answered with a client error (4xx). */
  recordClientError(accountId: string, day: string, tokenId: string | undefined, units: number): void {
    this.count(accountId, day, tokenId, 0, units);
  }

  /** Quota units (`delta`, -1 for a refund) counted in the store's counter of `incarnation`. */
  recordQuota(accountId: string, month: string, incarnation: string, delta: number): void {
    const key = quotaKey(accountId, month, incarnation);
    this.pendingQuota.set(key, (this.pendingQuota.get(key) ?? 0) + delta);
  }

  /** Quota units of an account's month counted in the store and not yet in the ledger. */
  pendingQuotaFor(accountId: string, month: string): number {
    let units = 0;
    const prefix = accountId + SEP + month + SEP;
    for (const [key, delta] of this.pendingQuota) if (key.startsWith(prefix)) units += delta;
    return units;
  }

  /** Takes back a recorded request's units (refunded); may go below zero when it was already written. */
  unrecord(accountId: string, day: string, tokenId: string | undefined, units: number): void {
    this.count(accountId, day, tokenId, -units, 0);
  }

  /** Requests counted here but not yet in PostgreSQL, per day, for one account. */
  pendingFor(accountId: string): Map<string, UsageCounts> {
    const days = new Map<string, UsageCounts>();
    for (const [key, counts] of this.pendingUsage) {
      const [account, day] = key.split(SEP);
      if (account === accountId) days.set(day, { ...counts });
    }
    return days;
  }

  /** Requests counted here but not yet in PostgreSQL, per token and day, for one account. */
  pendingTokensFor(accountId: string): { tokenId: string; day: string; counts: UsageCounts }[] {
    const rows: { tokenId: string; day: string; counts: UsageCounts }[] = [];
    for (const [key, counts] of this.pendingTokenUsage) {
      const [account, tokenId, day] = key.split(SEP);
      if (account === accountId) rows.push({ tokenId, day, counts: { ...counts } });
    }
    return rows;
  }

  /**
   * Runs a read of usage_daily + pendingFor() between flushes, so counts moving from memory to PostgreSQL are
   * seen exactly once (a flush swaps the pending map before its write commits). Reads run side by side — many
   * accounts seen for the first time (a restart, a burst of new clients) each read once, not one after another —
   * and a flush waits for the reads under way, as later reads wait for it.
   */
  consistentRead<T>(read: () => Promise<T>): Promise<T> {
    const result = this.flushing.then(read);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.reads.add(settled);
    void settled.then(() => this.reads.delete(settled));
    return result;
  }

  /** Whether quota units counted in the store are still waiting to be written (a flush failed). */
  holdsQuotaUnits(): boolean {
    return this.pendingQuota.size > 0;
  }

  /** Writes everything pending; serialised so two flushes never write the same delta twice. */
  flush(): Promise<void> {
    const readsUnderWay = [...this.reads];
    this.flushing = this.flushing.then(async () => {
      await Promise.all(readsUnderWay);
      await this.writePending();
    });
    return this.flushing;
  }

  /**
   * One flush: takes what is pending, writes it in one transaction, and, once committed, has the store take in
   * the quota units written. A failed write puts the batch back for the next flush.
   */
  private async writePending(): Promise<void> {
    if (this.isEmpty()) return;
    const batch = this.takePending();
    let versions: Map<string, number>;
    try {
      versions = await this.dataSource.transaction((manager) => this.write(manager, batch));
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      this.putBack(batch);
      this.noteFailure(error as Error);
      return;
    }
    this.noteSuccess();
    if (!batch.markForReseed && batch.quota.size) this.reconcileInBackground(batch.quota, versions);
  }

  /** Everything pending, as a batch; counting goes on in fresh maps while it is written. */
  private takePending(): Batch {
    const batch: Batch = {
      usage: this.pendingUsage,
      tokenUsage: this.pendingTokenUsage,
      lastUse: this.pendingLastUse,
      quota: this.pendingQuota,
      unreconciled: this.unreconciled,
      // While the shared counters are away, the rows written are marked in the same transaction.
      markForReseed: this.store.availability?.away ?? false,
    };
    this.pendingUsage = new Map();
    this.pendingTokenUsage = new Map();
    this.pendingLastUse = new Map();
    this.pendingQuota = new Map();
    this.unreconciled = [];
    return batch;
  }

  /**
   * The batch's statements, in one transaction: the quota units into the ledger's month rows (answering each
   * row's new version, for reconcile), the marks left by failed reconciliations, then the daily and per-token
   * counts and the tokens' last use.
   */
  private async write(manager: EntityManager, batch: Batch): Promise<Map<string, number>> {
    const versions = batch.quota.size
      ? await this.ledger.addWritten(manager, ledgerDeltas(batch.quota), batch.markForReseed)
      : new Map<string, number>();
    await this.ledger.mark(batch.unreconciled, manager);
    await addDailyUsage(manager, batch.usage);
    await addTokenUsage(manager, batch.tokenUsage);
    await updateLastUse(manager, batch.lastUse);
    return versions;
  }

  /** A batch that was not written goes back into what is pending, added to what was counted meanwhile. */
  private putBack(batch: Batch): void {
    for (const [key, counts] of batch.usage) add(this.pendingUsage, key, counts.count, counts.errors);
    for (const [key, counts] of batch.tokenUsage)
      add(this.pendingTokenUsage, key, counts.count, counts.errors);
    // A later use, recorded meanwhile, wins.
    for (const [key, at] of batch.lastUse)
      if (!this.pendingLastUse.has(key)) this.pendingLastUse.set(key, at);
    for (const [key, delta] of batch.quota)
      this.pendingQuota.set(key, (this.pendingQuota.get(key) ?? 0) + delta);
    this.unreconciled.push(...batch.unreconciled);
  }

  /** An outage is logged once when it starts (noteFailure) and once when it ends (noteSuccess). */
  private noteFailure(error: Error): void {
    if (this.failingSince) return;
    this.failingSince = new Date();
    this.logger.error(`Usage write-back failed; retrying every flush: ${error.message}`);
  }

  private noteSuccess(): void {
    if (!this.failingSince) return;
    const seconds = Math.round((Date.now() - this.failingSince.getTime()) / 1000);
    this.logger.log(`Usage write-back works again after ${seconds} s; nothing was lost`);
    this.failingSince = undefined;
  }

  /**
   * Not awaited: a write (and a ledger charge waiting for it while Redis goes away) never waits on Redis. The
   * shutdown hook waits for these (`reconciling`) before Redis closes.
   */
  private reconcileInBackground(quota: Map<string, number>, versions: Map<string, number>): void {
    const reconciling = this.reconcile(quota, versions);
    this.reconciling.add(reconciling);
    void reconciling.finally(() => this.reconciling.delete(reconciling));
  }

  /**
   * The store takes in what was just written to the ledger. When it cannot (Redis away), the rows are marked for
   * re-seeding instead; when even that fails (PostgreSQL away as well), the next flush marks them. Never rejects.
   */
  private async reconcile(quota: Map<string, number>, versions: Map<string, number>): Promise<void> {
    const now = new Date();
    const entries: QuotaReconciliation[] = [];
    const rows: { accountId: string; month: string }[] = [];
    for (const [key, delta] of quota) {
      const [accountId, month, incarnation] = key.split(SEP);
      const version = versions.get(ledgerKey(month, accountId));
      const ttlSeconds = monthCounterTtlSeconds(month, now);
      // A month whose counters have expired has nothing left to reconcile.
      if (version === undefined || ttlSeconds <= 0) continue;
      entries.push({ key: quotaCounterKey(accountId, month), incarnation, version, delta, ttlSeconds });
      rows.push({ accountId, month });
    }
    if (!entries.length) return;
    try {
      await this.store.reconcileQuota(entries);
    } catch {
      try {
        await this.ledger.mark(rows);
      } catch {
        // PostgreSQL is away as well: the next write marks them.
        this.unreconciled.push(...rows);
      }
    }
  }

  private count(
    accountId: string,
    day: string,
    tokenId: string | undefined,
    count: number,
    errors: number,
  ): void {
    add(this.pendingUsage, accountId + SEP + day, count, errors);
    if (tokenId !== undefined)
      add(this.pendingTokenUsage, accountId + SEP + tokenId + SEP + day, count, errors);
  }

  private isEmpty(): boolean {
    return (
      this.pendingUsage.size === 0 &&
      this.pendingTokenUsage.size === 0 &&
      this.pendingLastUse.size === 0 &&
      this.pendingQuota.size === 0 &&
      this.unreconciled.length === 0
    );
  }
}

/**
 * The store's name for an account's month counter. `v2`: a hash since the ledger (issue 19); the plain counters
 * of earlier versions, under `quota:`, are left to expire.
 */
export function quotaCounterKey(accountId: string, month: string): string {
  return `quota.v2:${accountId}:${month}`;
}

/** The pending quota units summed per account and month (the ledger has one row for all incarnations). */
function ledgerDeltas(quota: Map<string, number>): LedgerDelta[] {
  const sums = new Map<string, LedgerDelta>();
  for (const [key, delta] of quota) {
    const [accountId, month] = key.split(SEP);
    const row = sums.get(ledgerKey(month, accountId));
    if (row) row.delta += delta;
    else sums.set(ledgerKey(month, accountId), { accountId, month, delta });
  }
  return [...sums.values()];
}
