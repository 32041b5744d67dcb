import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { startTestDatabase, type TestDatabaseEngine } from '../../../test/support/test-database';
import { ledgerKey, QuotaLedger } from './quota-ledger';

/**
 * The quota's ledger against PostgreSQL itself: its answers are SQL (upserts, row locks, versions), so a fake
 * could only repeat what the code says. Each test takes accounts of its own (usage_monthly has no foreign key)
 * and months of its own where a statement touches a whole month.
 */
describe('QuotaLedger', () => {
  let database: TestDatabaseEngine;
  let dataSource: DataSource;
  /** A second instance's data source: its own pool on a server; the embedded engine has one process, one pool. */
  let otherInstance: DataSource;

  beforeAll(async () => {
    database = await startTestDatabase();
    dataSource = await database.connect();
    otherInstance = database.engine === 'server' ? await database.connect() : dataSource;
  });
  afterAll(() => database?.stop());

  const JUNE = '2031-06';
  const row = async (accountId: string, month: string) =>
    (
      await dataSource.query(
        `SELECT used, version, needs_reseed FROM usage_monthly WHERE account_id = $1 AND month = $2::date`,
        [accountId, `${month}-01`],
      )
    )[0] as { used: number; version: number; needs_reseed: boolean } | undefined;
  /** A write-back's transaction, as UsageWriteBackService runs it. */
  const write = (
    ledger: QuotaLedger,
    deltas: { accountId: string; month: string; delta: number }[],
    mark = false,
  ) => dataSource.transaction((manager) => ledger.addWritten(manager, deltas, mark));

  describe('written units (the write-back)', () => {
    it('reads 0 units at version 0 before the first write, then each write added, one version each', async () => {
      const ledger = new QuotaLedger(dataSource);
      const [account, other] = [randomUUID(), randomUUID()];
      expect(await ledger.snapshot(account, JUNE)).toEqual({ used: 0, version: 0 });

      expect(await write(ledger, [{ accountId: account, month: JUNE, delta: 5 }])).toEqual(
        new Map([[ledgerKey(JUNE, account), 1]]),
      );
      const versions = await write(ledger, [
        { accountId: account, month: JUNE, delta: 3 },
        { accountId: account, month: '2031-07', delta: 2 },
        { accountId: other, month: JUNE, delta: 4 },
      ]);
      expect(versions).toEqual(
        new Map([
          [ledgerKey(JUNE, account), 2],
          [ledgerKey('2031-07', account), 1],
          [ledgerKey(JUNE, other), 1],
        ]),
      );
      // Read together, as the seeding reads them (one query per month).
      const [june, july, otherJune] = await Promise.all([
        ledger.snapshot(account, JUNE),
        ledger.snapshot(account, '2031-07'),
        ledger.snapshot(other, JUNE),
      ]);
      expect([june, july, otherJune]).toEqual([
        { used: 8, version: 2 },
        { used: 2, version: 1 },
        { used: 4, version: 1 },
      ]);
    });

    it('writes nothing when the write-back transaction rolls back', async () => {
      const ledger = new QuotaLedger(dataSource);
      const account = randomUUID();
      await write(ledger, [{ accountId: account, month: JUNE, delta: 5 }]);
      await expect(
        dataSource.transaction(async (manager) => {
          await ledger.addWritten(manager, [{ accountId: account, month: JUNE, delta: 3 }], false);
          throw new Error('the daily counts failed');
        }),
      ).rejects.toThrow('the daily counts failed');
      expect(await ledger.snapshot(account, JUNE)).toEqual({ used: 5, version: 1 });
    });

    it('marks the rows written while the counters are away, and a later write keeps the mark', async () => {
      const ledger = new QuotaLedger(dataSource);
      const account = randomUUID();
      await write(ledger, [{ accountId: account, month: JUNE, delta: 1 }], true);
      expect(await row(account, JUNE)).toEqual({ used: 1, version: 1, needs_reseed: true });
      await write(ledger, [{ accountId: account, month: JUNE, delta: 1 }], false);
      expect(await row(account, JUNE)).toEqual({ used: 2, version: 2, needs_reseed: true });
    });
  });

  describe('charges while Redis is away (chargeIfBelow)', () => {
    it('grants exactly the quota over two instances charging at once, each unit numbered once', async () => {
      const [one, two] = [new QuotaLedger(dataSource), new QuotaLedger(otherInstance)];
      const account = randomUUID();
      const charges = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? one : two).chargeIfBelow(account, JUNE, 10, 1)),
      );
      const granted = charges.filter((c): c is number => c !== 'limit-reached');
      expect(granted.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(charges.filter((c) => c === 'limit-reached')).toHaveLength(6);
      // Marked: Redis's counter, when it is back, missed these units.
      expect(await row(account, JUNE)).toMatchObject({ used: 10, needs_reseed: true });
    });

    it('charges the units asked for together in one transaction per month, two under way at once', async () => {
      const ledger = new QuotaLedger(dataSource);
      const transactions = jest.spyOn(dataSource, 'transaction');
      const [a, b] = [randomUUID(), randomUUID()];
      const JULY = '2031-07';
      const asks = [
        ...Array.from({ length: 12 }, (_, i) => ({ account: i % 2 ? a : b, month: JUNE })),
        { account: a, month: JULY },
        { account: a, month: JULY },
      ];
      const charges = await Promise.all(
        asks.map((ask) => ledger.chargeIfBelow(ask.account, ask.month, 100, 1)),
      );
      const transactionCount = transactions.mock.calls.length;
      transactions.mockRestore();
      // The first two leave at once, each alone; the twelve asked for meanwhile go together: one per month.
      expect(transactionCount).toBe(4);
      // Each unit its own number, in the order asked, per account and month (none merged with another).
      const numbers = (account: string, month: string) =>
        charges.filter((_, i) => asks[i].account === account && asks[i].month === month);
      expect(numbers(b, JUNE)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(numbers(a, JUNE)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(numbers(a, JULY)).toEqual([1, 2]);
    });

    it('counts the units already written, and charges without bound when the license has no quota', async () => {
      const ledger = new QuotaLedger(dataSource);
      const [limited, unlimited] = [randomUUID(), randomUUID()];
      await write(ledger, [{ accountId: limited, month: JUNE, delta: 8 }]);
      const charges = await Promise.all([1, 2, 3].map(() => ledger.chargeIfBelow(limited, JUNE, 10, 1)));
      expect(charges.sort()).toEqual([10, 9, 'limit-reached'].sort());
      expect(await ledger.snapshot(limited, JUNE)).toMatchObject({ used: 10 });

      await write(ledger, [{ accountId: unlimited, month: JUNE, delta: 1_000_000 }]);
      expect(await ledger.chargeIfBelow(unlimited, JUNE, null, 1)).toBe(1_000_001);
      expect(await ledger.chargeIfBelow(randomUUID(), JUNE, 0, 1)).toBe('limit-reached');
    });
    it("charges a request's units whole or not at all; a smaller one after a refused one may still fit", async () => {
      const ledger = new QuotaLedger(dataSource);
      const account = randomUUID();
      await write(ledger, [{ accountId: account, month: JUNE, delta: 4 }]);
      // Asked together: 4 + 3 = 7, then 7 + 3 would pass 9 (refused, nothing charged), then 7 + 2 = 9.
      const charges = await Promise.all(
        [3, 3, 2].map((amount) => ledger.chargeIfBelow(account, JUNE, 9, amount)),
      );
      expect(charges.filter((c) => c === 'limit-reached')).toHaveLength(1);
      expect(await ledger.snapshot(account, JUNE)).toMatchObject({ used: 9 });
      expect(await ledger.chargeIfBelow(account, JUNE, 9, 1)).toBe('limit-reached');
      expect(await ledger.chargeIfBelow(randomUUID(), JUNE, 2, 3)).toBe('limit-reached');
    });
  });

  describe('refunds', () => {
    it('gives a unit back, even before the month row exists (the unit is written after it)', async () => {
      const ledger = new QuotaLedger(dataSource);
      const [charged, notYetWritten] = [randomUUID(), randomUUID()];
      expect(await ledger.chargeIfBelow(charged, JUNE, 5, 1)).toBe(1);
      await ledger.refund(charged, JUNE, 1);
      expect(await row(charged, JUNE)).toEqual({ used: 0, version: 2, needs_reseed: true });

      await ledger.refund(notYetWritten, JUNE, 1);
      await write(ledger, [{ accountId: notYetWritten, month: JUNE, delta: 1 }]);
      expect(await row(notYetWritten, JUNE)).toEqual({ used: 0, version: 2, needs_reseed: true });
    });

    it("gives a request's units back together: charged in the ledger, or before their row exists", async () => {
      const ledger = new QuotaLedger(dataSource);
      const [charged, notYetWritten] = [randomUUID(), randomUUID()];
      expect(await ledger.chargeIfBelow(charged, JUNE, 5, 3)).toBe(3);
      await ledger.refund(charged, JUNE, 3);
      expect(await row(charged, JUNE)).toEqual({ used: 0, version: 2, needs_reseed: true });

      await ledger.refund(notYetWritten, JUNE, 3);
      expect(await row(notYetWritten, JUNE)).toMatchObject({ used: -3 });
      await write(ledger, [{ accountId: notYetWritten, month: JUNE, delta: 3 }]);
      expect(await row(notYetWritten, JUNE)).toEqual({ used: 0, version: 2, needs_reseed: true });
    });
  });

  describe('re-seeding marks', () => {
    const markedOf = async (ledger: QuotaLedger, accountIds: string[]) =>
      (await ledger.marked(100_000)).filter((r) => accountIds.includes(r.accountId));

    it('lists marked rows, and clears a mark only when no write came after its snapshot', async () => {
      const ledger = new QuotaLedger(dataSource);
      const [quiet, busy, clean] = [randomUUID(), randomUUID(), randomUUID()];
      await write(ledger, [
        { accountId: quiet, month: JUNE, delta: 2 },
        { accountId: busy, month: JUNE, delta: 3 },
        { accountId: clean, month: JUNE, delta: 4 },
      ]);
      await ledger.mark([
        { accountId: quiet, month: JUNE },
        { accountId: busy, month: JUNE },
      ]);
      const snapshots = await markedOf(ledger, [quiet, busy, clean]);
      expect(snapshots.sort((a, b) => a.used - b.used)).toEqual([
        { accountId: quiet, month: JUNE, used: 2, version: 1 },
        { accountId: busy, month: JUNE, used: 3, version: 1 },
      ]);

      // A write lands between the re-seed's read and its unmark: that counter missed it, the mark stays.
      await write(ledger, [{ accountId: busy, month: JUNE, delta: 1 }]);
      await ledger.unmark(snapshots);
      expect(await markedOf(ledger, [quiet, busy, clean])).toEqual([
        { accountId: busy, month: JUNE, used: 4, version: 2 },
      ]);
    });

    it("marks every row of the month when the counters' Redis is another run, once per run", async () => {
      const ledger = new QuotaLedger(dataSource);
      // A month of its own: adopting a run marks the whole month.
      const [month, otherMonth] = ['2032-02', '2032-03'];
      const [a, b] = [randomUUID(), randomUUID()];
      await write(ledger, [
        { accountId: a, month, delta: 1 },
        { accountId: b, month, delta: 1 },
        { accountId: a, month: otherMonth, delta: 1 },
      ]);
      const run = `run-${randomUUID()}`;
      expect(await ledger.adoptCounterRun(run, month)).toBe(true);
      expect(await row(a, month)).toMatchObject({ needs_reseed: true });
      expect(await row(b, month)).toMatchObject({ needs_reseed: true });
      expect(await row(a, otherMonth)).toMatchObject({ needs_reseed: false });

      await ledger.unmark(await markedOf(ledger, [a, b]));
      expect(await ledger.adoptCounterRun(run, month)).toBe(false);
      expect(await markedOf(ledger, [a, b])).toEqual([]);
      expect(await ledger.adoptCounterRun(`run-${randomUUID()}`, month)).toBe(true);
      expect(await markedOf(ledger, [a, b])).toHaveLength(2);
    });
  });
});
