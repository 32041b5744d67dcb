import { Logger } from '@nestjs/common';
import type { Clock } from '../../common/clock';
import { NIL_UUID } from '../../common/database/uuid';
import type { Settings } from '../../config/settings';
import {
  type CounterAvailability,
  type CounterStore,
  CountersUnavailableError,
  type CounterWatcher,
  type HitsThenIncrement,
  type IncrementResult,
  type IncrementRule,
  type LedgerSnapshot,
  type QuotaCount,
  type QuotaReconciliation,
  type RateLimitHit,
  type RateLimitRule,
} from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { MemoryStandingBoard } from './memory-standing-board';
import { ledgerKey, type LedgerRow, type QuotaLedger } from './quota-ledger';
import { type Charge, type Consumed, QuotaService, type QuotaState } from './quota.service';
import { quotaCounterKey, type UsageWriteBackService } from './usage-write-back.service';

const ACCOUNT = '00000000-0000-4000-8000-000000000024';
const OTHER = '00000000-0000-4000-8000-000000000025';
const JUNE = '2030-06';
const JUNE_RESET = new Date('2030-07-01T00:00:00.000Z');
const key = (month: string = JUNE, accountId: string = ACCOUNT) => quotaCounterKey(accountId, month);

/** A month row of the ledger (usage_monthly): its figures and its `needs_reseed` mark. */
interface Row extends LedgerSnapshot {
  marked: boolean;
}

/**
 * QuotaLedger by hand, over a map, following its doc comments: the methods QuotaService calls, each as atomic as
 * the SQL it stands for.
 */
class FakeLedger {
  readonly rows = new Map<string, Row>();
  readonly snapshotCalls: { accountId: string; month: string }[] = [];
  readonly snapshotsNowCalls: string[][] = [];
  chargeCalls = 0;

  set(month: string, accountId: string, used: number, version: number, marked = false): void {
    this.rows.set(ledgerKey(month, accountId), { used, version, marked });
  }

  row(month: string = JUNE, accountId: string = ACCOUNT): Row | undefined {
    return this.rows.get(ledgerKey(month, accountId));
  }

  /** The month row's used units and version (0 and 0 before its first write). */
  async snapshot(accountId: string, month: string): Promise<LedgerSnapshot> {
    this.snapshotCalls.push({ accountId, month });
    const row = this.row(month, accountId);
    return row ? { used: row.used, version: row.version } : { used: 0, version: 0 };
  }

  /** Snapshots of many accounts' months: the rows that exist. */
  async snapshotsNow(keys: string[]): Promise<Map<string, LedgerSnapshot>> {
    this.snapshotsNowCalls.push([...keys]);
    const found = new Map<string, LedgerSnapshot>();
    for (const k of keys) {
      const row = this.rows.get(k);
      if (row) found.set(k, { used: row.used, version: row.version });
    }
    return found;
  }

  /** One unit charged atomically: the units after it, or 'limit-reached'; the row is made if missing and marked. */
  async chargeIfBelow(
    accountId: string,
    month: string,
    quota: number | null,
    amount: number,
  ): Promise<number | 'limit-reached'> {
    this.chargeCalls += 1;
    if (quota !== null && quota < amount) return 'limit-reached';
    let row = this.row(month, accountId);
    if (!row) this.rows.set(ledgerKey(month, accountId), (row = { used: 0, version: 0, marked: true }));
    if (quota !== null && row.used + amount > quota) return 'limit-reached';
    row.used += amount;
    row.version += 1;
    row.marked = true;
    return row.used;
  }

  /** Gives back a unit: the row is made at -1 when there is none yet (its unit is written later). */
  async refund(accountId: string, month: string, amount: number): Promise<void> {
    let row = this.row(month, accountId);
    if (!row) this.rows.set(ledgerKey(month, accountId), (row = { used: 0, version: 0, marked: true }));
    row.used -= amount;
    row.version += 1;
    row.marked = true;
  }

  runId = '';

  /** Another run of the store than the one recorded: every row of the month is marked. */
  async adoptCounterRun(runId: string, month: string): Promise<boolean> {
    if (runId === this.runId) return false;
    this.runId = runId;
    for (const [k, row] of this.rows) if (k.startsWith(`${month}/`)) row.marked = true;
    return true;
  }

  /** Up to `limit` marked rows, with their figures. */
  async marked(limit: number): Promise<LedgerRow[]> {
    const rows: LedgerRow[] = [];
    for (const [k, row] of this.rows) {
      if (!row.marked) continue;
      const [month, accountId] = k.split('/');
      rows.push({ accountId, month, used: row.used, version: row.version });
      if (rows.length === limit) break;
    }
    return rows;
  }

  /** Clears the marks of rows re-seeded from these snapshots, unless a write has changed them since. */
  async unmark(rows: LedgerRow[]): Promise<void> {
    for (const r of rows) {
      const row = this.row(r.month, r.accountId);
      if (row && row.version === r.version) row.marked = false;
    }
  }

  /** The write-back's write (addWritten): units counted in the store added to their rows. */
  addWritten(month: string, accountId: string, delta: number, mark: boolean): void {
    const row = this.row(month, accountId);
    if (row) {
      row.used += delta;
      row.version += 1;
      row.marked ||= mark;
    } else this.rows.set(ledgerKey(month, accountId), { used: delta, version: 1, marked: mark });
  }
}

/**
 * UsageWriteBackService by hand: what it was told, the quota units pending per account and month, and a flush
 * that writes them to the ledger (marking the rows while the store is away), which a test can hold back.
 */
/** A call's units when a route costs more than one (` ×3`); nothing for the usual one. */
const unitsNote = (units: number) => (units === 1 ? '' : ` ×${units}`);

class FakeWriteBack {
  readonly calls: string[] = [];
  /** month/account → quota units not yet written. */
  readonly pendingQuota = new Map<string, number>();
  flushes = 0;
  consistentReads = 0;
  private gate: Promise<void> = Promise.resolve();

  constructor(
    private readonly ledger: FakeLedger,
    private readonly storeAway: () => boolean = () => false,
  ) {}

  record(accountId: string, day: string, tokenId: string | undefined, at: Date, units: number): void {
    this.calls.push(`record ${accountId} ${day} ${tokenId}${unitsNote(units)}`);
  }

  recordClientError(accountId: string, day: string, tokenId: string | undefined, units: number): void {
    this.calls.push(`client error ${accountId} ${day} ${tokenId}${unitsNote(units)}`);
  }

  unrecord(accountId: string, day: string, tokenId: string | undefined, units: number): void {
    this.calls.push(`unrecord ${accountId} ${day} ${tokenId}${unitsNote(units)}`);
  }

  recordQuota(accountId: string, month: string, incarnation: string, delta: number): void {
    this.calls.push(`quota ${accountId} ${month} ${incarnation} ${delta}`);
    const k = ledgerKey(month, accountId);
    this.pendingQuota.set(k, (this.pendingQuota.get(k) ?? 0) + delta);
  }

  holdsQuotaUnits(): boolean {
    return this.pendingQuota.size > 0;
  }

  pendingQuotaFor(accountId: string, month: string): number {
    return this.pendingQuota.get(ledgerKey(month, accountId)) ?? 0;
  }

  consistentRead<T>(read: () => Promise<T>): Promise<T> {
    this.consistentReads += 1;
    return read();
  }

  flush(): Promise<void> {
    this.flushes += 1;
    return this.gate.then(() => {
      const mark = this.storeAway();
      for (const [k, delta] of this.pendingQuota) {
        const [month, accountId] = k.split('/');
        this.ledger.addWritten(month, accountId, delta, mark);
      }
      this.pendingQuota.clear();
    });
  }

  /** Flushes wait until the returned function is called. */
  holdFlushes(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return release;
  }

  /** The entries matching a prefix, e.g. 'quota' or 'record'. */
  callsOf(kind: string): string[] {
    return this.calls.filter((call) => call.startsWith(`${kind} `));
  }
}

/**
 * A shared store that can go away (as FailoverCounterStore does): the real in-process counters while it answers;
 * while away, or while its quota gate is closed, its quota operations throw CountersUnavailableError and
 * incrementIfBelow answers 'unavailable'. `runIdNow` names the run of the store (a restart changes it).
 */
class FlakyStore implements CounterStore, CounterAvailability {
  readonly availability: CounterAvailability = this;
  isAway = false;
  gateOpen = true;
  runIdNow = 'run-1';
  watcher?: CounterWatcher;

  constructor(readonly shared: MemoryCounterStore) {}

  get away(): boolean {
    return this.isAway;
  }

  watch(watcher: CounterWatcher): void {
    this.watcher = watcher;
  }

  useForQuotas(open: boolean): void {
    this.gateOpen = open;
  }

  async quotaOperationsSettled(): Promise<void> {}

  async runId(): Promise<string> {
    return this.runIdNow;
  }

  /** Redis goes away (true) or is back after its grace (false), as FailoverCounterStore tells its watcher. */
  setAway(away: boolean): void {
    this.isAway = away;
    if (away) this.watcher?.away();
    else this.watcher?.back();
  }

  quota(k: string): Promise<QuotaCount | null> {
    return this.sharedOnly(() => this.shared.quota(k));
  }

  seedQuota(
    k: string,
    snapshot: LedgerSnapshot,
    ttlSeconds: number,
    mode: 'if-absent' | 'replace',
  ): Promise<QuotaCount | 'stale'> {
    // Re-seeding ('replace') is background work, which the quota gate does not hold back (as in the real store).
    if (mode === 'replace')
      return this.background(() => this.shared.seedQuota(k, snapshot, ttlSeconds, mode));
    return this.sharedOnly(() => this.shared.seedQuota(k, snapshot, ttlSeconds, mode));
  }

  async incrementIfBelow(k: string, limit: number | null, amount: number): Promise<IncrementResult> {
    return this.isAway || !this.gateOpen ? 'unavailable' : this.shared.incrementIfBelow(k, limit, amount);
  }

  decrement(k: string, amount: number): Promise<string | null> {
    return this.sharedOnly(() => this.shared.decrement(k, amount));
  }

  reconcileQuota(entries: QuotaReconciliation[]): Promise<void> {
    return this.background(() => this.shared.reconcileQuota(entries));
  }

  rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    return this.shared.rateLimitHits(limits);
  }

  rateLimitHitsThenIncrement(limits: RateLimitRule[], increment: IncrementRule): Promise<HitsThenIncrement> {
    return this.shared.rateLimitHitsThenIncrement(limits, increment);
  }

  private async background<T>(operation: () => Promise<T>): Promise<T> {
    if (this.isAway) throw new CountersUnavailableError('away in this test');
    return operation();
  }

  private async sharedOnly<T>(operation: () => Promise<T>): Promise<T> {
    if (this.isAway || !this.gateOpen) throw new CountersUnavailableError('away in this test');
    return operation();
  }
}

/** QuotaService over the real in-process counters (or a FlakyStore around them), a fake ledger and write-back. */
function setUp(options: { flaky?: boolean; at?: string; board?: MemoryStandingBoard } = {}) {
  const time = { now: Date.parse(options.at ?? '2030-06-15T12:00:00.000Z') };
  const counters = new MemoryCounterStore(() => time.now);
  const flaky = options.flaky ? new FlakyStore(counters) : undefined;
  const store: CounterStore = flaky ?? counters;
  const ledger = new FakeLedger();
  const writeBack = new FakeWriteBack(ledger, () => flaky?.isAway ?? false);
  const clock = { now: () => new Date(time.now) } as Clock;
  const service = new QuotaService(
    store,
    ledger as unknown as QuotaLedger,
    writeBack as unknown as UsageWriteBackService,
    clock,
    { usageFlushIntervalMs: 60_000 } as Settings,
    options.board,
  );
  return { time, counters, flaky, store, ledger, writeBack, service };
}

const state = (month: string, used: number, quota: number | null): QuotaState => {
  const [year, monthIndex] = month.split('-').map(Number);
  return {
    month,
    used,
    quota,
    remaining: quota === null ? null : Math.max(0, quota - used),
    resetsAt: new Date(Date.UTC(year, monthIndex, 1)),
  };
};

/** Resolves once `condition` holds (checked every few ms, for up to 2 s). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(() => {
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
});

afterAll(() => {
  jest.restoreAllMocks();
});

describe('QuotaService: the monthly quota over a counter store and the ledger', () => {
  describe('state', () => {
    it("seeds the month's counter from the ledger on the first read, then reads the counter", async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 7, 3);
      expect(await counters.quota(key())).toBeNull();

      expect(await service.state(ACCOUNT, 10)).toEqual({
        month: JUNE,
        used: 7,
        quota: 10,
        remaining: 3,
        resetsAt: JUNE_RESET,
      });
      expect(await counters.quota(key())).toEqual({ used: 7, incarnation: expect.stringMatching(/^3\./) });
      expect(ledger.snapshotCalls).toEqual([{ accountId: ACCOUNT, month: JUNE }]);

      // The counter, not the ledger, is read from now on: a ledger row moving alone changes nothing.
      ledger.set(JUNE, ACCOUNT, 9, 4);
      expect(await service.state(ACCOUNT, 10)).toEqual(state(JUNE, 7, 10));
      expect(ledger.snapshotCalls).toHaveLength(1);
    });

    it('includes the units counted but not yet written: they are in the counter', async () => {
      const { service, ledger, writeBack } = setUp();
      ledger.set(JUNE, ACCOUNT, 7, 3);
      await service.consume(ACCOUNT, 10, 't');
      await service.consume(ACCOUNT, 10, 't');
      expect(ledger.row()?.used).toBe(7);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(2);
      expect(await service.state(ACCOUNT, 10)).toEqual(state(JUNE, 9, 10));
    });

    it('reads a past month from the ledger plus the units not yet written, never from the store', async () => {
      const { service, ledger, writeBack, counters } = setUp();
      ledger.set('2030-05', ACCOUNT, 40, 12);
      writeBack.recordQuota(ACCOUNT, '2030-05', 'inc', 2);
      const quota = jest.spyOn(counters, 'quota');

      expect(await service.state(ACCOUNT, 50, '2030-05')).toEqual({
        month: '2030-05',
        used: 42,
        quota: 50,
        remaining: 8,
        resetsAt: new Date('2030-06-01T00:00:00.000Z'),
      });
      expect(writeBack.consistentReads).toBe(1);
      expect(quota).not.toHaveBeenCalled();
      expect(await counters.quota(key('2030-05'))).toBeNull();
    });

    it('answers remaining null for no quota, and 0 (never negative) past a lowered quota', async () => {
      const { service, ledger } = setUp();
      ledger.set(JUNE, ACCOUNT, 12, 5);
      expect(await service.state(ACCOUNT, null)).toEqual(state(JUNE, 12, null));
      expect((await service.state(ACCOUNT, 10)).remaining).toBe(0);
    });

    it("resets in December at the next year's first of January", async () => {
      const { service } = setUp({ at: '2030-12-31T23:59:59.999Z' });
      expect(await service.state(ACCOUNT, 5)).toEqual({
        month: '2030-12',
        used: 0,
        quota: 5,
        remaining: 5,
        resetsAt: new Date('2031-01-01T00:00:00.000Z'),
      });
    });
  });

  describe('stateForCheck', () => {
    it('is a Promise until this instance has seen the counter, then a plain object at once', async () => {
      const { service, ledger } = setUp();
      ledger.set(JUNE, ACCOUNT, 4, 2);

      const first = service.stateForCheck(ACCOUNT, 10);
      expect(first).toBeInstanceOf(Promise);
      expect(await first).toEqual(state(JUNE, 4, 10));

      const second = service.stateForCheck(ACCOUNT, 10);
      expect(second).not.toBeInstanceOf(Promise);
      expect(second).toEqual(state(JUNE, 4, 10));

      await service.consume(ACCOUNT, 10, 't');
      expect(service.stateForCheck(ACCOUNT, 10)).toEqual(state(JUNE, 5, 10));
      // Another account is still unknown to this instance.
      const other = service.stateForCheck(OTHER, 10);
      expect(other).toBeInstanceOf(Promise);
      expect(await other).toEqual(state(JUNE, 0, 10));
      expect(ledger.snapshotCalls).toHaveLength(2);
    });

    it('after a refusal, reports the month used up without a round trip', async () => {
      const { service, ledger } = setUp();
      ledger.set(JUNE, ACCOUNT, 3, 1);
      expect(await service.consume(ACCOUNT, 3, 't')).toBeNull();
      expect(service.stateForCheck(ACCOUNT, 3)).toEqual(state(JUNE, 3, 3));
    });
  });

  describe('consume', () => {
    it('lets exactly `quota` units through, then answers null; each unit goes to the counter and the write-back', async () => {
      const { service, ledger, counters, writeBack } = setUp();
      ledger.set(JUNE, ACCOUNT, 7, 3);
      const results: (Consumed | null)[] = [];
      for (let i = 0; i < 5; i++) results.push(await service.consume(ACCOUNT, 10, 'my-token'));

      expect(results.map((r) => r && r.state)).toEqual([
        state(JUNE, 8, 10),
        state(JUNE, 9, 10),
        state(JUNE, 10, 10),
        null,
        null,
      ]);
      expect(results[0]?.charge).toEqual({
        accountId: ACCOUNT,
        tokenId: 'my-token',
        at: new Date('2030-06-15T12:00:00.000Z'),
        month: JUNE,
        units: 1,
        inLedger: false,
      });
      const counter = await counters.quota(key());
      expect(counter?.used).toBe(10);
      expect(writeBack.callsOf('record')).toEqual(Array(3).fill(`record ${ACCOUNT} 2030-06-15 my-token`));
      expect(writeBack.callsOf('quota')).toEqual(
        Array(3).fill(`quota ${ACCOUNT} ${JUNE} ${counter?.incarnation} 1`),
      );
      expect(ledger.chargeCalls).toBe(0);
      expect(ledger.row()?.used).toBe(7);
    });

    it('lets exactly `quota` units through a concurrent burst on an unseeded counter', async () => {
      const { service, ledger, counters, writeBack } = setUp();
      ledger.set(JUNE, ACCOUNT, 2, 1);
      const results = await Promise.all(Array.from({ length: 30 }, () => service.consume(ACCOUNT, 12, 't')));
      const passed = results.filter((r) => r !== null);
      expect(passed).toHaveLength(10);
      expect(passed.map((r) => r?.state.used).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
        3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ]);
      expect((await counters.quota(key()))?.used).toBe(12);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(10);
    });

    it('seeds an unseeded counter from the ledger, then increments it', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 4, 2);
      const increments = jest.spyOn(counters, 'incrementIfBelow');

      const consumed = await service.consume(ACCOUNT, 10, 't');
      expect(consumed?.state).toEqual(state(JUNE, 5, 10));
      expect(ledger.snapshotCalls).toEqual([{ accountId: ACCOUNT, month: JUNE }]);
      expect(await counters.quota(key())).toEqual({ used: 5, incarnation: expect.stringMatching(/^2\./) });
      expect(increments.mock.results.length).toBe(2);
      expect(await increments.mock.results[0].value).toBe('unseeded');
    });

    it('has no limit for a null quota', async () => {
      const { service } = setUp();
      let last: QuotaState | undefined;
      for (let i = 0; i < 25; i++) last = (await service.consume(ACCOUNT, null))?.state;
      expect(last).toEqual(state(JUNE, 25, null));
    });

    it('settles an increment made ahead (with the rate limits) without a second increment', async () => {
      const { service, ledger, counters, writeBack } = setUp();
      ledger.set(JUNE, ACCOUNT, 1, 1);
      const checked = await service.stateForCheck(ACCOUNT, 2);
      const charge = service.pendingCharge(ACCOUNT, checked, 1);
      expect(charge).toEqual({ key: key(), limit: 2, amount: 1, month: JUNE });

      const increments = jest.spyOn(counters, 'incrementIfBelow');
      const ahead = await counters.rateLimitHitsThenIncrement([], charge);
      expect(ahead.increment).toEqual({ used: 2, incarnation: expect.any(String) });
      const consumed = await service.consume(ACCOUNT, 2, 't', {
        charge,
        result: ahead.increment as IncrementResult,
      });
      expect(consumed?.state).toEqual(state(JUNE, 2, 2));
      expect(increments).not.toHaveBeenCalled();
      expect((await counters.quota(key()))?.used).toBe(2);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(1);

      // The next one made ahead finds the month used up.
      const refused = await counters.rateLimitHitsThenIncrement([], charge);
      expect(refused.increment).toBe('limit-reached');
      expect(await service.consume(ACCOUNT, 2, 't', { charge, result: 'limit-reached' })).toBeNull();
      expect(increments).not.toHaveBeenCalled();
      expect((await counters.quota(key()))?.used).toBe(2);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(1);
    });

    it('seeds, then increments once, when the increment made ahead found no counter', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 6, 2);
      const charge = { key: key(), limit: 10, amount: 1, month: JUNE };
      const consumed = await service.consume(ACCOUNT, 10, 't', { charge, result: 'unseeded' });
      expect(consumed?.state).toEqual(state(JUNE, 7, 10));
      expect((await counters.quota(key()))?.used).toBe(7);
    });

    it('charges the month the check decided on, even when the clock has moved into the next since', async () => {
      const { service, time, counters, writeBack } = setUp({ at: '2030-06-30T23:59:59.900Z' });
      const charge = service.pendingCharge(ACCOUNT, await service.state(ACCOUNT, 5), 1);
      const ahead = await counters.incrementIfBelow(charge.key, charge.limit, 1);
      time.now = Date.parse('2030-07-01T00:00:00.100Z');
      const consumed = await service.consume(ACCOUNT, 5, 't', { charge, result: ahead });
      expect(consumed?.state).toEqual(state(JUNE, 1, 5));
      expect(consumed?.charge.month).toBe(JUNE);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(1);
      expect(writeBack.pendingQuotaFor(ACCOUNT, '2030-07')).toBe(0);
    });
  });

  describe('settle', () => {
    async function charged(quota: number | null = 10) {
      const context = setUp();
      context.ledger.set(JUNE, ACCOUNT, 3, 2);
      const consumed = await context.service.consume(ACCOUNT, quota, 'my-token');
      if (!consumed) throw new Error('not charged');
      context.writeBack.calls.length = 0;
      return { ...context, charge: consumed.charge };
    }

    it('does nothing for a success or a redirect', async () => {
      const { service, counters, writeBack, ledger, charge } = await charged();
      for (const status of [200, 204, 304, 399]) await service.settle(charge, status);
      expect(writeBack.calls).toEqual([]);
      expect((await counters.quota(key()))?.used).toBe(4);
      expect(service.stateForCheck(ACCOUNT, 10)).toEqual(state(JUNE, 4, 10));
      expect(ledger.row()).toEqual({ used: 3, version: 2, marked: false });
    });

    it('counts a client error (4xx) and keeps the unit', async () => {
      const { service, counters, writeBack, charge } = await charged();
      await service.settle(charge, 404);
      await service.settle(charge, 499);
      expect(writeBack.calls).toEqual(Array(2).fill(`client error ${ACCOUNT} 2030-06-15 my-token`));
      expect((await counters.quota(key()))?.used).toBe(4);
      expect(service.stateForCheck(ACCOUNT, 10)).toEqual(state(JUNE, 4, 10));
    });

    it('refunds a failure of ours (5xx) in the store and in the local view', async () => {
      const { service, counters, writeBack, ledger, charge } = await charged();
      const incarnation = (await counters.quota(key()))?.incarnation;
      await service.settle(charge, 500);
      expect(writeBack.calls).toEqual([
        `unrecord ${ACCOUNT} 2030-06-15 my-token`,
        `quota ${ACCOUNT} ${JUNE} ${incarnation} -1`,
      ]);
      expect(await counters.quota(key())).toEqual({ used: 3, incarnation });
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(0);
      expect(service.stateForCheck(ACCOUNT, 10)).toEqual(state(JUNE, 3, 10));
      expect(ledger.row()).toEqual({ used: 3, version: 2, marked: false });
    });

    it('gives the unit back to a used-up month, which then lets exactly one more through', async () => {
      const { service, charge } = await charged(4);
      expect(await service.consume(ACCOUNT, 4, 'my-token')).toBeNull();
      await service.settle(charge, 503);
      expect(service.stateForCheck(ACCOUNT, 4)).toEqual(state(JUNE, 3, 4));
      expect((await service.consume(ACCOUNT, 4, 'my-token'))?.state).toEqual(state(JUNE, 4, 4));
      expect(await service.consume(ACCOUNT, 4, 'my-token')).toBeNull();
    });

    it('refunds a unit charged in the ledger in the ledger, not in the store', async () => {
      const { service, counters, writeBack, ledger } = setUp();
      ledger.set(JUNE, ACCOUNT, 6, 4);
      await service.state(ACCOUNT, 10);
      ledger.set(JUNE, ACCOUNT, 7, 5, true); // the unit, charged in the ledger while the store was away
      const decrement = jest.spyOn(counters, 'decrement');
      const charge: Charge = {
        accountId: ACCOUNT,
        tokenId: 't',
        at: new Date(),
        month: JUNE,
        units: 1,
        inLedger: true,
      };

      await service.settle(charge, 500);
      expect(ledger.row()).toEqual({ used: 6, version: 6, marked: true });
      expect(decrement).not.toHaveBeenCalled();
      expect((await counters.quota(key()))?.used).toBe(6);
      expect(writeBack.callsOf('quota')).toEqual([]);
      expect(writeBack.callsOf('unrecord')).toHaveLength(1);
    });

    it('refunds in the ledger when the store has gone away since the charge', async () => {
      const { service, flaky, writeBack, ledger } = setUp({ flaky: true });
      ledger.set(JUNE, ACCOUNT, 3, 2);
      const consumed = await service.consume(ACCOUNT, 10, 't');
      (flaky as FlakyStore).isAway = true;
      await service.settle(consumed?.charge as Charge, 502);
      expect(ledger.row()).toEqual({ used: 2, version: 3, marked: true });
      // The unit counted in the store is still written, so the ledger ends where it began.
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(1);
      await writeBack.flush();
      expect(ledger.row()?.used).toBe(3);
      expect(service.stateForCheck(ACCOUNT, 10)).toEqual(state(JUNE, 3, 10));
    });

    it("gives the unit back when the store went away before the month's first unit was written", async () => {
      const { service, flaky, writeBack, ledger } = setUp({ flaky: true });
      const consumed = await service.consume(ACCOUNT, 10, 't');
      expect(ledger.row()).toBeUndefined();
      (flaky as FlakyStore).isAway = true;
      await service.settle(consumed?.charge as Charge, 503);
      // The row is made below zero and marked; the unit's write, when it comes, brings it to 0.
      expect(ledger.row()).toEqual({ used: -1, version: 1, marked: true });
      await writeBack.flush();
      expect(ledger.row()?.used).toBe(0);
      expect(await service.state(ACCOUNT, 10)).toEqual(state(JUNE, 0, 10));
    });
  });

  describe('a route that costs several units (cost 3)', () => {
    it('consumes them whole or not at all; a failure of ours gives all three back, a client error keeps them', async () => {
      const { service, counters, writeBack } = setUp();
      writeBack.calls.length = 0;
      const first = await service.consume(ACCOUNT, 9, 't', undefined, 3);
      expect(first?.state).toEqual(state(JUNE, 3, 9));
      expect(first?.charge.units).toBe(3);
      expect((await service.consume(ACCOUNT, 9, 't', undefined, 3))?.state).toEqual(state(JUNE, 6, 9));
      expect((await service.consume(ACCOUNT, 9, 't', undefined, 2))?.state).toEqual(state(JUNE, 8, 9));
      // One unit left: a request of three is refused whole (nothing counted), one of one still fits.
      expect(await service.consume(ACCOUNT, 9, 't', undefined, 3)).toBeNull();
      expect((await counters.quota(key()))?.used).toBe(8);
      expect(service.stateForCheck(ACCOUNT, 9)).toEqual(state(JUNE, 8, 9));
      const incarnation = (await counters.quota(key()))?.incarnation;
      expect(writeBack.callsOf('record')).toEqual([
        `record ${ACCOUNT} 2030-06-15 t ×3`,
        `record ${ACCOUNT} 2030-06-15 t ×3`,
        `record ${ACCOUNT} 2030-06-15 t ×2`,
      ]);
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(8);

      await service.settle(first!.charge, 404);
      expect(writeBack.callsOf('client error')).toEqual([`client error ${ACCOUNT} 2030-06-15 t ×3`]);
      expect((await counters.quota(key()))?.used).toBe(8);

      await service.settle(first!.charge, 500);
      expect(writeBack.callsOf('unrecord')).toEqual([`unrecord ${ACCOUNT} 2030-06-15 t ×3`]);
      expect(writeBack.callsOf('quota').at(-1)).toBe(`quota ${ACCOUNT} ${JUNE} ${incarnation} -3`);
      expect(await counters.quota(key())).toEqual({ used: 5, incarnation });
      expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(5);
      expect(service.stateForCheck(ACCOUNT, 9)).toEqual(state(JUNE, 5, 9));
      expect((await service.consume(ACCOUNT, 9, 't', undefined, 3))?.state).toEqual(state(JUNE, 8, 9));
    });

    it('consumes and refunds them in the ledger, whole, while the store is away', async () => {
      const { service, flaky, ledger, writeBack } = setUp({ flaky: true });
      (flaky as FlakyStore).isAway = true;
      ledger.set(JUNE, ACCOUNT, 4, 2);
      const charged = await service.consume(ACCOUNT, 9, 't', undefined, 3);
      expect(charged?.state).toEqual(state(JUNE, 7, 9));
      expect(charged?.charge).toMatchObject({ units: 3, inLedger: true });
      expect(await service.consume(ACCOUNT, 9, 't', undefined, 3)).toBeNull();
      expect(ledger.row()?.used).toBe(7);
      expect(writeBack.callsOf('record')).toEqual([`record ${ACCOUNT} 2030-06-15 t ×3`]);

      await service.settle(charged!.charge, 503);
      expect(ledger.row()).toMatchObject({ used: 4, marked: true });
      expect(writeBack.callsOf('unrecord')).toEqual([`unrecord ${ACCOUNT} 2030-06-15 t ×3`]);
      expect(writeBack.callsOf('quota')).toEqual([]);
    });
  });

  describe('the month boundary', () => {
    it('starts the next UTC month from 0, with its own reset, and keeps the last one readable', async () => {
      const { service, time, ledger, writeBack } = setUp({ at: '2030-06-30T23:59:59.999Z' });
      ledger.set(JUNE, ACCOUNT, 2, 1);
      expect((await service.consume(ACCOUNT, 3, 't'))?.state).toEqual(state(JUNE, 3, 3));
      expect(await service.consume(ACCOUNT, 3, 't')).toBeNull();
      expect(service.stateForCheck(ACCOUNT, 3)).toEqual(state(JUNE, 3, 3));

      time.now = Date.parse('2030-07-01T00:00:00.000Z');
      const check = service.stateForCheck(ACCOUNT, 3);
      expect(check).toBeInstanceOf(Promise);
      expect(await check).toEqual({
        month: '2030-07',
        used: 0,
        quota: 3,
        remaining: 3,
        resetsAt: new Date('2030-08-01T00:00:00.000Z'),
      });
      const consumed = await service.consume(ACCOUNT, 3, 't');
      expect(consumed?.state).toEqual(state('2030-07', 1, 3));
      expect(consumed?.charge).toMatchObject({ month: '2030-07', at: new Date('2030-07-01T00:00:00.000Z') });
      expect(writeBack.callsOf('record').at(-1)).toBe(`record ${ACCOUNT} 2030-07-01 t`);

      // June, now a past month: the ledger plus the unit not yet written.
      expect(await service.state(ACCOUNT, 3, JUNE)).toEqual(state(JUNE, 3, 3));
    });
  });

  describe('while the store is unavailable', () => {
    it('charges each unit in the ledger, and the quota still holds exactly', async () => {
      const { service, flaky, ledger, writeBack } = setUp({ flaky: true });
      (flaky as FlakyStore).isAway = true;
      ledger.set(JUNE, ACCOUNT, 5, 3);

      const check = await service.stateForCheck(ACCOUNT, 8);
      expect(check).toEqual(state(JUNE, 5, 8));
      const results = await Promise.all(Array.from({ length: 10 }, () => service.consume(ACCOUNT, 8, 't')));
      const passed = results.filter((r) => r !== null);
      expect(passed.map((r) => r?.state.used)).toEqual([6, 7, 8]);
      expect(passed.map((r) => r?.charge.inLedger)).toEqual([true, true, true]);
      expect(ledger.row()).toEqual({ used: 8, version: 6, marked: true });
      // The daily counts are recorded; the unit itself is in the ledger already.
      expect(writeBack.callsOf('record')).toHaveLength(3);
      expect(writeBack.callsOf('quota')).toEqual([]);
      expect(service.stateForCheck(ACCOUNT, 8)).toEqual(state(JUNE, 8, 8));
      expect(await service.state(ACCOUNT, 8)).toEqual(state(JUNE, 8, 8));
    });

    it('charges the ledger when the store goes away between the seeding and the increment', async () => {
      const { service, flaky, ledger } = setUp({ flaky: true });
      ledger.set(JUNE, ACCOUNT, 1, 1);
      const store = flaky as FlakyStore;
      jest.spyOn(store, 'seedQuota').mockImplementation(async () => {
        store.isAway = true;
        throw new CountersUnavailableError('gone');
      });
      const consumed = await service.consume(ACCOUNT, 2, 't');
      expect(consumed?.state).toEqual(state(JUNE, 2, 2));
      expect(consumed?.charge.inLedger).toBe(true);
      expect(await service.consume(ACCOUNT, 2, 't')).toBeNull();
      expect(ledger.row()?.used).toBe(2);
    });

    /** A QuotaService with its authority on a board of its own, started as at boot: its route is Redis. */
    async function withAuthority() {
      const board = new MemoryStandingBoard();
      const setup = setUp({ flaky: true, board });
      setup.service.onModuleInit();
      await setup.service.warmUp();
      return { ...setup, board, store: setup.flaky as FlakyStore };
    }

    it('waits for the units counted in the store to be written before the ledger decides alone', async () => {
      const { service, store, ledger, writeBack } = await withAuthority();
      try {
        for (let i = 0; i < 3; i++) await service.consume(ACCOUNT, 5, 't');
        expect(ledger.row()).toBeUndefined();

        const release = writeBack.holdFlushes();
        store.setAway(true);
        const burst = Promise.all(Array.from({ length: 4 }, () => service.consume(ACCOUNT, 5, 't')));
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(writeBack.flushes).toBe(1);
        expect(ledger.chargeCalls).toBe(0);

        release();
        const results = await burst;
        expect(results.map((r) => r?.state.used ?? null)).toEqual([4, 5, null, null]);
        expect(ledger.row()).toEqual({ used: 5, version: 3, marked: true });
      } finally {
        await service.onModuleDestroy();
      }
    });

    it('when the store is back, re-seeds the counters charged meanwhile and unmarks their rows', async () => {
      const { service, store, counters, ledger, writeBack } = await withAuthority();
      try {
        for (let i = 0; i < 3; i++) await service.consume(ACCOUNT, 6, 't');
        const before = await counters.quota(key());
        store.setAway(true);
        await service.consume(ACCOUNT, 6, 't');
        await service.consume(ACCOUNT, 6, 't');
        expect(ledger.row()).toEqual({ used: 5, version: 3, marked: true });
        expect(await counters.quota(key())).toEqual(before); // the shared counter missed the ledger's charges

        store.setAway(false);
        await until(() => store.gateOpen); // re-seeded first, then counted in the store
        expect((await service.consume(ACCOUNT, 6, 't'))?.state).toEqual(state(JUNE, 6, 6));
        const after = await counters.quota(key());
        expect(after).toEqual({ used: 6, incarnation: expect.stringMatching(/^3\./) });
        expect(after?.incarnation).not.toBe(before?.incarnation);
        expect(ledger.row()).toMatchObject({ used: 5, marked: false });
        expect(await service.consume(ACCOUNT, 6, 't')).toBeNull();
        expect(writeBack.pendingQuotaFor(ACCOUNT, JUNE)).toBe(1);
      } finally {
        await service.onModuleDestroy();
      }
    });

    it('a store that is another run (restarted from an older snapshot) has every counter of the month re-seeded', async () => {
      const { service, store, counters, ledger, writeBack } = await withAuthority();
      // The in-process counters' cells, to take a snapshot of one and restore it, as Redis does with its RDB file.
      const cells = (counters as unknown as { cells: Map<string, unknown> }).cells;
      try {
        for (let i = 0; i < 2; i++) await service.consume(ACCOUNT, 6, 't');
        const snapshot = structuredClone(cells.get(key()));
        for (let i = 0; i < 2; i++) await service.consume(ACCOUNT, 6, 't');
        await writeBack.flush(); // the usual write, while Redis answers: the row is not marked
        expect(ledger.row()).toMatchObject({ used: 4, marked: false });
        // Redis restarts from the snapshot: its counter is 2 units behind the 4 counted and written.
        store.setAway(true);
        cells.set(key(), snapshot);
        store.runIdNow = 'run-2';
        store.setAway(false);
        await until(() => store.gateOpen);

        const results = [];
        for (let i = 0; i < 4; i++)
          results.push((await service.consume(ACCOUNT, 6, 't'))?.state.used ?? null);
        expect(results).toEqual([5, 6, null, null]);
        expect(ledger.chargeCalls).toBe(0); // counted in the store, not charged in the ledger
      } finally {
        await service.onModuleDestroy();
      }
    });

    it('reads the state from the ledger plus the units not yet written', async () => {
      const { service, flaky, ledger, writeBack } = setUp({ flaky: true });
      ledger.set(JUNE, ACCOUNT, 10, 4);
      writeBack.recordQuota(ACCOUNT, JUNE, 'inc', 3);
      (flaky as FlakyStore).isAway = true;
      expect(await service.state(ACCOUNT, 20)).toEqual(state(JUNE, 13, 20));
      expect(writeBack.consistentReads).toBe(1);
    });
  });

  describe('warmUp', () => {
    const accounts = Array.from(
      { length: 2500 },
      (_, i) => `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`,
    );

    it('seeds the counters of the accounts given with one ledger query per 1000', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, accounts[0], 11, 3);
      ledger.set(JUNE, accounts[1999], 42, 9);
      await service.warmUp(accounts);

      expect(ledger.snapshotsNowCalls.map((keys) => keys.length)).toEqual([1000, 1000, 500]);
      expect(ledger.snapshotsNowCalls[0][0]).toBe(ledgerKey(JUNE, accounts[0]));
      expect(ledger.snapshotsNowCalls[2][499]).toBe(ledgerKey(JUNE, accounts[2499]));
      expect(ledger.snapshotCalls).toEqual([]);
      expect(await counters.quota(key(JUNE, accounts[0]))).toEqual({
        used: 11,
        incarnation: expect.stringMatching(/^3\./),
      });
      expect((await counters.quota(key(JUNE, accounts[1999])))?.used).toBe(42);
      expect((await counters.quota(key(JUNE, accounts[2499])))?.used).toBe(0);
      expect(service.stateForCheck(accounts[1999], 50)).toEqual(state(JUNE, 42, 50));
      expect(service.stateForCheck(accounts[2499], 50)).toEqual(state(JUNE, 0, 50));
    });

    it('keeps a counter that is already kept, and re-seeds the rows marked during an outage', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 2, 1);
      await service.consume(ACCOUNT, 100, 't');
      await service.consume(ACCOUNT, 100, 't'); // counter 4: 2 from the ledger, 2 not yet written
      // Another instance wrote a unit of its own (version 2), and this counter took it in: 5.
      ledger.set(JUNE, ACCOUNT, 3, 2);
      await counters.reconcileQuota([
        { key: key(), incarnation: 'other', version: 2, delta: 1, ttlSeconds: 3600 },
      ]);
      const kept = await counters.quota(key());
      expect(kept?.used).toBe(5);
      ledger.set(JUNE, OTHER, 5, 7, true); // charged in the ledger while the store was away
      await counters.seedQuota(key(JUNE, OTHER), { used: 3, version: 4 }, 3600, 'if-absent');
      ledger.set('2030-04', OTHER, 9, 3, true); // a month whose counters have expired

      await service.warmUp([ACCOUNT]);
      expect(await counters.quota(key())).toEqual(kept);
      expect(service.stateForCheck(ACCOUNT, 100)).toEqual(state(JUNE, 5, 100));
      expect(await counters.quota(key(JUNE, OTHER))).toEqual({
        used: 5,
        incarnation: expect.stringMatching(/^7\./),
      });
      expect(await counters.quota(key('2030-04', OTHER))).toBeNull();
      expect(await ledger.marked(10)).toEqual([]);
      expect(service.stateForCheck(OTHER, 10)).toEqual(state(JUNE, 5, 10));
    });

    it('with no accounts, runs the ledger query once for none', async () => {
      const { service, ledger } = setUp();
      await service.warmUp();
      expect(ledger.snapshotCalls).toEqual([{ accountId: NIL_UUID, month: JUNE }]);
      expect(ledger.snapshotsNowCalls).toEqual([]);
    });

    it('leaves the counters to be seeded on demand when the store is away at start-up', async () => {
      const { service, flaky, ledger } = setUp({ flaky: true });
      (flaky as FlakyStore).isAway = true;
      ledger.set(JUNE, ACCOUNT, 3, 1);
      await expect(service.warmUp([ACCOUNT])).resolves.toBeUndefined();
      expect(ledger.snapshotsNowCalls).toHaveLength(1);
      expect(service.stateForCheck(ACCOUNT, 5)).toBeInstanceOf(Promise);
    });
  });

  describe('seeding against a moving ledger', () => {
    it('reads the ledger again when its snapshot is older than a write already reconciled', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 4, 2);
      // Another instance wrote 1 unit (version 3) and the store has taken it in before any counter exists.
      await counters.reconcileQuota([
        { key: key(), incarnation: 'x', version: 3, delta: 1, ttlSeconds: 3600 },
      ]);
      const snapshot = jest.spyOn(ledger, 'snapshot');
      snapshot.mockImplementationOnce(async () => {
        ledger.set(JUNE, ACCOUNT, 5, 3); // the write lands after this snapshot was read
        return { used: 4, version: 2 };
      });
      expect(await service.state(ACCOUNT, 10)).toEqual(state(JUNE, 5, 10));
      expect(snapshot).toHaveBeenCalledTimes(2);
    });

    it('gives up after 10 stale snapshots', async () => {
      const { service, ledger, counters } = setUp();
      ledger.set(JUNE, ACCOUNT, 4, 2);
      await counters.reconcileQuota([
        { key: key(), incarnation: 'x', version: 3, delta: 1, ttlSeconds: 3600 },
      ]);
      await expect(service.state(ACCOUNT, 10)).rejects.toThrow(/not seeded: the ledger moved on 10 times/);
      expect(ledger.snapshotCalls).toHaveLength(10);
    });
  });
});
