import { LotteryCatalog } from '../src/modules/catalog/lottery-catalog.service';
import { QuotaLedger } from '../src/modules/metering/quota-ledger';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';
import { newTokenHolder, sql } from './support/fixtures';
import { http, Http, TestResponse } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { errorBody, Messages } from './support/contract-errors';

const UNEXPECTED = errorBody.internalServerError(Messages.unexpected);

/**
 * The contract bills a client's erroneous requests (a 404, a 400), not the service's: a metered request that the
 * service fails with a 5xx after its unit was consumed gets it back, in the counters and in PostgreSQL.
 */
describe('a failure of the service is not billed', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  function remaining(res: TestResponse): number {
    expect(res.headers.get('x-quota-remaining')).not.toBeNull();
    return Number(res.headers.get('x-quota-remaining'));
  }

  async function usageInDatabase(accountId: string): Promise<number> {
    await app.running.app.get(UsageWriteBackService).flush();
    const [row] = await sql(
      app,
      'SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily WHERE account_id = $1',
      [accountId],
    );
    return row.used;
  }

  it('a 5xx after the charge is refunded; a client error is billed', async () => {
    const holder = await newTokenHolder(api, 'billing');
    const first = await api.get('/lottery/fr_lotto/draw/latest/numbers', { token: holder.token });
    expect(first.status).toBe(200);
    const start = remaining(first);

    // The handler fails after every guard, the charge included, has passed.
    const catalog = app.running.app.get(LotteryCatalog);
    const failing = jest.spyOn(catalog, 'latestJson').mockImplementation(() => {
      throw new Error('simulated failure of the service');
    });
    let failures = 0;
    try {
      for (let i = 0; i < 3; i += 1) {
        const failed = await api.get('/lottery/fr_lotto/draw/latest/numbers', { token: holder.token });
        expect({ status: failed.status, body: failed.body }).toEqual({ status: 500, body: UNEXPECTED });
      }
    } finally {
      failures = failing.mock.calls.length;
      failing.mockRestore();
    }
    expect(failures).toBe(3);

    // The next success is the second unit used: none of the three 500s counted.
    const next = await api.get('/lottery/fr_lotto/draw/latest/numbers', { token: holder.token });
    expect(next.status).toBe(200);
    expect(remaining(next)).toBe(start - 1);

    // A client's error is billed (contract: erroneous requests count).
    const missing = await api.get('/lottery/no_such_lottery/draw/latest/numbers', { token: holder.token });
    expect(missing.status).toBe(404);
    const last = await api.get('/lottery/fr_lotto', { token: holder.token });
    expect(remaining(last)).toBe(start - 3);

    // PostgreSQL agrees: 2 successes + the 404 + the last success = 4, the 500s not included.
    expect(await usageInDatabase(holder.id)).toBe(4);
    const profile = await api.get('/profile', { jwt: holder.jwt });
    expect(profile.status).toBe(200);
    expect(profile.body.usage.used).toBe(4);
  });

  it("the ledger's refund gives a unit back even before the month's row exists (the unit is written later)", async () => {
    // A unit counted in Redis, whose decrement failed because Redis went away: refunded in PostgreSQL, maybe before
    // the write-back has made the account's month row.
    const holder = await newTokenHolder(api, 'refund-first');
    const month = '2031-02';
    const row = async () =>
      (
        await sql(
          app,
          `SELECT used, needs_reseed AS marked FROM usage_monthly WHERE account_id = $1 AND month = '2031-02-01'`,
          [holder.id],
        )
      )[0];
    const ledger = app.running.app.get(QuotaLedger);
    await ledger.refund(holder.id, month, 1);
    expect(await row()).toEqual({ used: -1, marked: true });
    await ledger.refund(holder.id, month, 1);
    expect(await row()).toEqual({ used: -2, marked: true });
    // The two units' write (the write-back's, as when they were counted in Redis) brings it to 0; the row stays
    // marked, so that Redis's counter, which still holds them, is re-seeded.
    const writeBack = app.running.app.get(UsageWriteBackService);
    writeBack.recordQuota(holder.id, month, 'counted-before-the-outage', 1);
    writeBack.recordQuota(holder.id, month, 'counted-before-the-outage', 1);
    await writeBack.flush();
    expect(await row()).toEqual({ used: 0, marked: true });
    // An account deleted meanwhile gets no row, and no error.
    await expect(ledger.refund('00000000-0000-4000-8000-00000000dead', month, 1)).resolves.toBeUndefined();
  });
});
