import { ApiError } from '../../common/errors/api-error';
import { Clock } from '../../common/clock';
import { Messages } from '../../common/errors/messages';
import type { Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import type { LedgerSnapshot } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { MeteringService, type MeteredCaller } from './metering.service';
import type { QuotaLedger } from './quota-ledger';
import { QuotaService } from './quota.service';
import { meterOf, type RequestMeter } from './request-meter';
import type { UsageWriteBackService } from './usage-write-back.service';

/** The metered steps on in-process counters; PostgreSQL's ledger and the write-back are stand-ins. */
function setUp(used: LedgerSnapshot = { used: 0, version: 0 }) {
  const store = new MemoryCounterStore();
  const ledger = { snapshot: async () => used } as unknown as QuotaLedger;
  const recorded: string[] = [];
  const writeBack = {
    record: () => recorded.push('record'),
    recordQuota: (_a: string, _m: string, _i: string, delta: number) => recorded.push(`quota ${delta}`),
    recordClientError: () => recorded.push('client error'),
    unrecord: () => recorded.push('unrecord'),
    flush: async () => undefined,
  } as unknown as UsageWriteBackService;
  const quota = new QuotaService(store, ledger, writeBack, new Clock(), {
    usageFlushIntervalMs: 60_000,
  } as Settings);
  const metrics = new MetricsService();
  const metering = new MeteringService(quota, store, metrics);
  return { store, metering, metrics, recorded };
}

const caller = (monthlyQuota: number | null): MeteredCaller => ({
  accountId: '00000000-0000-4000-8000-000000000001',
  tokenId: 't',
  license: { monthlyQuota },
});
const newMeter = (): RequestMeter => meterOf({} as never);
const perSecond = (limit: number) => ({ key: 'rate:account-second:a', windowMs: 1000, limit });

async function refusal(run: () => unknown): Promise<{ status: number; message?: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.body.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('MeteringService: the metered steps, in order', () => {
  it('step 5 refuses a used-up month before any rate limit is counted', async () => {
    const { store, metering } = setUp({ used: 3, version: 1 });
    const hits = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const meter = newMeter();
    expect(await refusal(() => metering.checkQuota(meter, caller(3), 1))).toEqual({
      status: 403,
      message: Messages.quotaExceeded,
    });
    expect(meter.pendingCharge).toBeUndefined();
    expect(hits).not.toHaveBeenCalled();
  });

  it('counts the rate limits and the unit of quota in one store call, and writes the figures for the headers', async () => {
    const { store, metering, recorded } = setUp({ used: 5, version: 1 });
    const together = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const apart = jest.spyOn(store, 'rateLimitHits');
    const meter = newMeter();
    await metering.checkQuota(meter, caller(10), 1);
    metering.addRateLimit(meter, perSecond(20));
    metering.addRateLimit(meter, { key: 'rate:account-minute:a', windowMs: 60_000, limit: 1200 });
    await metering.charge(meter, caller(10));
    expect(together).toHaveBeenCalledTimes(1);
    expect(apart).not.toHaveBeenCalled();
    expect(meter.quota).toMatchObject({ used: 6, quota: 10, remaining: 4 });
    expect(meter.rateWindows).toEqual([
      { limit: 20, remaining: 19, resetSeconds: 1 },
      { limit: 1200, remaining: 1199, resetSeconds: 1 },
    ]);
    expect(meter.charged).toMatchObject({ accountId: caller(10).accountId, inLedger: false });
    expect(recorded).toEqual(['record', 'quota 1']);
  });

  it("a route's cost: refused (403) when fewer units are left, else consumed in the same one store call", async () => {
    const { store, metering, recorded } = setUp({ used: 7, version: 1 });
    const hits = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const short = newMeter();
    expect(await refusal(() => metering.checkQuota(short, caller(9), 3))).toEqual({
      status: 403,
      message: Messages.quotaExceeded,
    });
    expect(short.quota).toMatchObject({ used: 7, remaining: 2 });
    expect(hits).not.toHaveBeenCalled();

    const meter = newMeter();
    await metering.checkQuota(meter, caller(10), 3);
    metering.addRateLimit(meter, perSecond(20));
    await metering.charge(meter, caller(10));
    expect(hits).toHaveBeenCalledTimes(1);
    expect(meter.quota).toMatchObject({ used: 10, quota: 10, remaining: 0 });
    // The rate windows count requests: one, whatever the route costs.
    expect(meter.rateWindows).toEqual([{ limit: 20, remaining: 19, resetSeconds: 1 }]);
    expect(meter.charged).toMatchObject({ units: 3, inLedger: false });
    expect(recorded).toEqual(['record', 'quota 3']);

    // No rate window applies: the units are consumed in a store call of their own, all three still.
    const unlimitedRate = newMeter();
    await metering.checkQuota(unlimitedRate, caller(20), 3);
    await metering.charge(unlimitedRate, caller(20));
    expect(unlimitedRate.quota).toMatchObject({ used: 13, quota: 20 });
    expect(unlimitedRate.charged).toMatchObject({ units: 3 });
  });

  it('a refused rate limit is a 429 with Retry-After, and charges nothing', async () => {
    const { metering, recorded } = setUp();
    const send = async () => {
      const meter = newMeter();
      await metering.checkQuota(meter, caller(100), 1);
      metering.addRateLimit(meter, perSecond(2));
      await metering.charge(meter, caller(100));
      return meter;
    };
    await send();
    await send();
    const meter = newMeter();
    await metering.checkQuota(meter, caller(100), 1);
    metering.addRateLimit(meter, perSecond(2));
    expect(await refusal(() => metering.charge(meter, caller(100)))).toEqual({
      status: 429,
      message: undefined,
    });
    expect(meter.retryAfterSeconds).toBe(1);
    expect(meter.charged).toBeUndefined();
    expect(recorded.filter((r) => r === 'record')).toHaveLength(2);
  });

  it('lets exactly the quota through a concurrent burst', async () => {
    const { metering } = setUp({ used: 0, version: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const meter = newMeter();
        try {
          await metering.checkQuota(meter, caller(12), 1);
          await metering.charge(meter, caller(12));
          return 200;
        } catch (error) {
          return (error as ApiError).status;
        }
      }),
    );
    expect(outcomes.filter((s) => s === 200)).toHaveLength(12);
    expect(outcomes.filter((s) => s === 403)).toHaveLength(18);
  });

  it('the charge refuses to run before the quota check (guards listed out of order fail closed)', async () => {
    const { metering } = setUp();
    await expect(metering.charge(newMeter(), caller(5))).rejects.toThrow(/checkQuota/);
  });

  it('settles the answer: a client error stays charged, a failure of ours is refunded', async () => {
    const { metering, recorded } = setUp();
    for (const status of [404, 500]) {
      const meter = newMeter();
      await metering.checkQuota(meter, caller(null), 1);
      await metering.charge(meter, caller(null));
      metering.settle(meter, status);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorded).toEqual([
      'record',
      'quota 1',
      'client error',
      'record',
      'quota 1',
      'unrecord',
      'quota -1',
    ]);
  });

  it('enforceRateLimits counts the limits added so far at once (the client IP, before the token)', async () => {
    const { metering } = setUp();
    const meter = newMeter();
    metering.addRateLimit(meter, { key: 'rate:client-ip-1s:1.2.3.4', windowMs: 1000, limit: 1 });
    await metering.enforceRateLimits(meter);
    expect(meter.rateLimits).toEqual([]);
    const next = newMeter();
    metering.addRateLimit(next, { key: 'rate:client-ip-1s:1.2.3.4', windowMs: 1000, limit: 1 });
    expect(await refusal(() => metering.enforceRateLimits(next))).toMatchObject({ status: 429 });
  });
});
