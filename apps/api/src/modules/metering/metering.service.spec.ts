import { ApiError } from '../../common/errors/api-error';
import { Clock } from '../../common/clock';
import type { Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import type { LedgerSnapshot } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { Admission, type MeteredCaller, type Verdict } from './admission';
import { MeteringService } from './metering.service';
import type { QuotaLedger } from './quota-ledger';
import { QuotaService } from './quota.service';
import { meterOf, recordOnMeter, type RequestMeter } from './request-meter';
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
  return { store, metering, admission: new Admission(quota, store, metrics), metrics, recorded };
}

const caller = (monthlyQuota: number | null): MeteredCaller => ({
  accountId: '00000000-0000-4000-8000-000000000001',
  tokenId: 't',
  license: { monthlyQuota, perSecond: 20, perMinute: 1200, perHour: 72_000 },
});
const newMeter = (): RequestMeter => meterOf({} as never);

async function refusal(run: () => unknown): Promise<{ status: number; message?: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.body.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('MeteringService: the limits around admission, and settling', () => {
  it('settles the answer: a client error stays charged, a failure of ours is refunded', async () => {
    const { metering, admission, recorded } = setUp();
    for (const status of [404, 500]) {
      const meter = newMeter();
      recordOnMeter(meter, (await admission.admit(caller(null), 1)) as Verdict);
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

  it('enforceRateLimits counts the windows at once (the client IP, before the token), refusing with 429', async () => {
    const { metering } = setUp();
    const rules = [
      { key: 'rate:client-ip-1s:1.2.3.4', windowMs: 1000, limit: 1 },
      { key: 'rate:client-ip-3600s:1.2.3.4', windowMs: 3_600_000, limit: 100 },
    ];
    const meter = newMeter();
    await metering.enforceRateLimits(meter, rules);
    expect(meter.rateWindows).toEqual([
      { limit: 1, remaining: 0, resetSeconds: 1 },
      { limit: 100, remaining: 99, resetSeconds: 36 },
    ]);
    const next = newMeter();
    expect(await refusal(() => metering.enforceRateLimits(next, rules))).toEqual({
      status: 429,
      message: undefined,
    });
    expect(next.retryAfterSeconds).toBe(1);
    expect(next.rateWindows[0]).toEqual({ limit: 1, remaining: 0, resetSeconds: 1 });
  });
});
