import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BatchLoader } from '../../common/cache/batch-loader';
import type { LedgerSnapshot } from './counter-store';
import { monthStart } from './usage-calendar';

/** An account's month, as the ledger keys it: `YYYY-MM/<account id>`. */
export const ledgerKey = (month: string, accountId: string) => `${month}/${accountId}`;

/** A month row's figures (month as 'YYYY-MM'). */
export interface LedgerRow extends LedgerSnapshot {
  accountId: string;
  month: string;
}

/** Units written for an account's month by one write-back. */
export interface LedgerDelta {
  accountId: string;
  month: string;
  delta: number;
}

const EMPTY: LedgerSnapshot = { used: 0, version: 0 };

/** A request's units asked to be charged in the ledger: a new object per ask (see `charges`). */
interface ChargeAsk {
  accountId: string;
  month: string;
  quota: number | null;
  amount: number;
}

/** What a charge answers: the month's units after it, or 'limit-reached'. */
type ChargeAnswer = number | 'limit-reached';

/**
 * The quota's ledger: one row per account and UTC month in PostgreSQL (usage_monthly) holding every unit charged
 * that has been written, and a version that every write raises. The store's counters (Redis, or this process)
 * are seeded from it and run ahead of it by what is not yet written; while Redis is away the ledger itself decides
 * (chargeIfBelow). A row whose counter in Redis may have missed a write is marked `needs_reseed` until an instance
 * re-seeds that counter (QuotaService.reseedMarked).
 */
@Injectable()
export class QuotaLedger {
  /** Snapshots for seeding, in one query for the months asked for together (see BatchLoader). */
  private readonly snapshotLookups = new BatchLoader((keys: string[]) => this.snapshotsNow(keys), {
    maxBatch: 500,
    maxInFlight: 2,
    missing: EMPTY,
  });

  /**
   * Charges, one transaction per month for those asked for together (see BatchLoader: two batches under way at
   * once, the charges asked for meanwhile wait and go together in the next). Each ask is a key of its own, never
   * merged with another for the same account: BatchLoader merges asks for the same key, and an object is a key
   * only for itself. No cap on a batch: every waiting charge goes in the next transaction, as before.
   */
  private readonly charges = new BatchLoader((asks: ChargeAsk[]) => this.chargeAll(asks), {
    maxBatch: Infinity,
    maxInFlight: 2,
    missing: 'limit-reached' as ChargeAnswer,
  });

  constructor(private readonly dataSource: DataSource) {}

  /** The month row's used units and version (0 and 0 before its first write). */
  snapshot(accountId: string, month: string): Promise<LedgerSnapshot> {
    return this.snapshotLookups.load(ledgerKey(month, accountId));
  }

  /** Snapshots of many accounts' months; one query per month among them (nearly always one). */
  async snapshotsNow(keys: string[]): Promise<Map<string, LedgerSnapshot>> {
    const byMonth = new Map<string, string[]>();
    for (const key of keys) {
      const [month, accountId] = key.split('/');
      const accounts = byMonth.get(month);
      if (accounts) accounts.push(accountId);
      else byMonth.set(month, [accountId]);
    }
    const found = new Map<string, LedgerSnapshot>();
    for (const [month, accountIds] of byMonth) {
      // One primary-key lookup per account (LATERAL), whatever the planner's statistics say.
      const rows: { account_id: string; used: number; version: number }[] = await this.dataSource.query(
        `SELECT k.id AS account_id, m.used, m.version FROM unnest($1::uuid[]) AS k(id)
           CROSS JOIN LATERAL (
             SELECT used, version FROM usage_monthly WHERE account_id = k.id AND month = $2::date) m`,
        [accountIds, monthStart(month)],
      );
      for (const row of rows)
        found.set(ledgerKey(month, row.account_id), { used: row.used, version: Number(row.version) });
    }
    return found;
  }

  /**
   * A request's `amount` units charged in the ledger itself, whole or not at all, atomically for every instance:
   * the month's units after it, or 'limit-reached' when they would pass `quota` (null = none). Used while Redis is
   * away; the row is marked so that Redis's counter is re-seeded once it is back. Charges asked for together go in
   * one transaction (see chargeBatch): one commit for many, rather than one each, queued on the row's lock.
   */
  chargeIfBelow(
    accountId: string,
    month: string,
    quota: number | null,
    amount: number,
  ): Promise<ChargeAnswer> {
    if (quota !== null && quota < amount) return Promise.resolve('limit-reached');
    return this.charges.load({ accountId, month, quota, amount });
  }

  /**
   * One batch of charges: per month, one transaction (chargeBatch) for every account's asks, each account's asks
   * decided in the order they came.
   */
  private async chargeAll(asks: ChargeAsk[]): Promise<Map<ChargeAsk, ChargeAnswer>> {
    const byMonth = new Map<string, Map<string, ChargeAsk[]>>();
    for (const ask of asks) {
      let accounts = byMonth.get(ask.month);
      if (!accounts) byMonth.set(ask.month, (accounts = new Map()));
      const mine = accounts.get(ask.accountId);
      if (mine) mine.push(ask);
      else accounts.set(ask.accountId, [ask]);
    }
    const answers = new Map<ChargeAsk, ChargeAnswer>();
    for (const [month, accounts] of byMonth)
      for (const [ask, answer] of await this.chargeBatch(month, accounts)) answers.set(ask, answer);
    return answers;
  }

  /**
   * In one transaction: the month rows are made if missing, then locked in one order (accounts sorted: two
   * instances' batches never deadlock) and read; each account's asks are granted in order while its quota leaves
   * room for them (an ask too big for what is left is refused, a smaller one after it may still fit), and each row
   * is raised by the units granted. Answers each ask: the month's units after it, or 'limit-reached'.
   */
  private async chargeBatch(
    month: string,
    accounts: Map<string, ChargeAsk[]>,
  ): Promise<Map<ChargeAsk, ChargeAnswer>> {
    const ids = [...accounts.keys()].sort();
    const answers = new Map<ChargeAsk, ChargeAnswer>();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO usage_monthly (account_id, month, used, version, needs_reseed)
         SELECT id, $2::date, 0, 0, true FROM unnest($1::uuid[]) AS id ORDER BY id
         ON CONFLICT (account_id, month) DO NOTHING`,
        [ids, monthStart(month)],
      );
      const rows: { account_id: string; used: number }[] = await manager.query(
        `SELECT account_id, used FROM usage_monthly
          WHERE account_id = ANY($1::uuid[]) AND month = $2::date
          ORDER BY account_id FOR UPDATE`,
        [ids, monthStart(month)],
      );
      const raised: { accountId: string; units: number }[] = [];
      for (const row of rows) {
        const mine = accounts.get(row.account_id) as ChargeAsk[];
        // The account's latest ask says its quota (a license changed meanwhile).
        const quota = mine.at(-1)?.quota ?? null;
        let used = row.used;
        for (const ask of mine) {
          const fits = quota === null || used + ask.amount <= quota;
          if (fits) used += ask.amount;
          answers.set(ask, fits ? used : 'limit-reached');
        }
        if (used > row.used) raised.push({ accountId: row.account_id, units: used - row.used });
      }
      if (raised.length)
        await manager.query(
          `UPDATE usage_monthly m
              SET used = m.used + g.units, version = m.version + 1, needs_reseed = true
             FROM unnest($1::uuid[], $2::int[]) AS g(account_id, units)
            WHERE m.account_id = g.account_id AND m.month = $3::date`,
          [raised.map((r) => r.accountId), raised.map((r) => r.units), monthStart(month)],
        );
    });
    return answers;
  }

  /**
   * Gives back a request's units (a request the service failed): charged in the ledger, or counted in Redis and
   * refunded here because Redis went away since. In the second case the units may not be written yet, nor their
   * month row made: the row is then made at -amount, and the units' write brings it to 0 (an UPDATE alone would
   * give nothing back, and the write would bill them). Marked, so that Redis's counter, which still holds the
   * units, is re-seeded.
   */
  async refund(accountId: string, month: string, amount: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO usage_monthly AS m (account_id, month, used, version, needs_reseed)
       VALUES ($1, $2::date, -$3::int, 1, true)
       ON CONFLICT (account_id, month) DO UPDATE
          SET used = m.used - $3::int, version = m.version + 1, needs_reseed = true`,
      [accountId, monthStart(month), amount],
    );
  }

  /**
   * Inside the write-back's transaction: adds the units counted in the store to their month rows (marking them
   * when their counters cannot be reconciled now) and answers each row's new version.
   */
  async addWritten(
    manager: EntityManager,
    deltas: LedgerDelta[],
    markForReseed: boolean,
  ): Promise<Map<string, number>> {
    // Not joined with accounts: the units of an account deleted meanwhile are written too (its records stay, and
    // the same e-mail registered again continues from them: see DeletedAccount).
    const rows: { account_id: string; month: string; version: number }[] = await manager.query(
      `INSERT INTO usage_monthly AS m (account_id, month, used, version, needs_reseed)
       SELECT d.account_id, d.month, d.delta, 1, $4
         FROM unnest($1::uuid[], $2::date[], $3::int[]) AS d(account_id, month, delta)
       ON CONFLICT (account_id, month) DO UPDATE
          SET used = m.used + EXCLUDED.used, version = m.version + 1, needs_reseed = m.needs_reseed OR $4
       RETURNING m.account_id, m.month, m.version`,
      [
        deltas.map((d) => d.accountId),
        deltas.map((d) => monthStart(d.month)),
        deltas.map((d) => d.delta),
        markForReseed,
      ],
    );
    return new Map(
      rows.map((row) => [ledgerKey(row.month.slice(0, 7), row.account_id), Number(row.version)]),
    );
  }

  /** Marks month rows whose counters in Redis could not be reconciled after a write. */
  async mark(
    rows: { accountId: string; month: string }[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (!rows.length) return;
    await manager.query(
      `UPDATE usage_monthly u SET needs_reseed = true
         FROM unnest($1::uuid[], $2::date[]) AS r(account_id, month)
        WHERE u.account_id = r.account_id AND u.month = r.month`,
      [rows.map((r) => r.accountId), rows.map((r) => monthStart(r.month))],
    );
  }

  /**
   * Records that the counters now live in the Redis run `runId`. When it is another run than the one recorded
   * (Redis restarted, empty or from a snapshot), every row of `month` is marked, so that all its counters are
   * re-seeded (a restored counter may lag behind the ledger): true. False when the run is the one recorded.
   */
  async adoptCounterRun(runId: string, month: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO counter_store_runs (id, run_id) VALUES (1, '') ON CONFLICT (id) DO NOTHING`,
      );
      const [row]: { run_id: string }[] = await manager.query(
        `SELECT run_id FROM counter_store_runs WHERE id = 1 FOR UPDATE`,
      );
      if (row.run_id === runId) return false;
      await manager.query(`UPDATE counter_store_runs SET run_id = $1 WHERE id = 1`, [runId]);
      await manager.query(
        `UPDATE usage_monthly SET needs_reseed = true WHERE month = $1::date AND NOT needs_reseed`,
        [monthStart(month)],
      );
      return true;
    });
  }

  /** Up to `limit` marked rows, with their figures. */
  async marked(limit: number): Promise<LedgerRow[]> {
    const rows: { account_id: string; month: string; used: number; version: number }[] =
      await this.dataSource.query(
        `SELECT account_id, month, used, version FROM usage_monthly WHERE needs_reseed LIMIT $1`,
        [limit],
      );
    return rows.map((row) => ({
      accountId: row.account_id,
      month: row.month.slice(0, 7),
      used: row.used,
      version: Number(row.version),
    }));
  }

  /** Clears the marks of rows re-seeded from these snapshots, unless a write has changed them since. */
  async unmark(rows: LedgerRow[]): Promise<void> {
    if (!rows.length) return;
    await this.dataSource.query(
      `UPDATE usage_monthly u SET needs_reseed = false
         FROM unnest($1::uuid[], $2::date[], $3::bigint[]) AS r(account_id, month, version)
        WHERE u.account_id = r.account_id AND u.month = r.month AND u.version = r.version`,
      [rows.map((r) => r.accountId), rows.map((r) => monthStart(r.month)), rows.map((r) => r.version)],
    );
  }
}
