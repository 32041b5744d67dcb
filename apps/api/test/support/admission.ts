import { Clock } from '../../src/common/clock';
import type { Settings } from '../../src/config/settings';
import { Admission } from '../../src/modules/metering/admission';
import type { CounterStore, LedgerSnapshot } from '../../src/modules/metering/counter-store';
import { MemoryCounterStore } from '../../src/modules/metering/memory-counter-store';
import type { QuotaLedger } from '../../src/modules/metering/quota-ledger';
import { QuotaService } from '../../src/modules/metering/quota.service';
import type { UsageWriteBackService } from '../../src/modules/metering/usage-write-back.service';
import { MetricsService } from '../../src/modules/metrics/metrics.service';

/**
 * Admission on in-process counters at a clock the spec moves (`later`), for the unit specs: PostgreSQL's ledger
 * answers `used` for every month, and the write-back notes what it is given in `recorded` ("record 3", "quota 3").
 * `storeOf` puts other counters under it (Redis's), given the spec's clock.
 */
export function admissionInMemory(
  used: LedgerSnapshot = { used: 0, version: 0 },
  storeOf: (now: () => number) => CounterStore = (now) => new MemoryCounterStore(now),
) {
  let now = Date.parse('2030-06-15T12:00:00.000Z');
  const store = storeOf(() => now);
  const ledger = { snapshot: async () => used } as unknown as QuotaLedger;
  const recorded: string[] = [];
  const writeBack = {
    record: (_a: string, _d: string, _t: string, _at: Date, units: number) =>
      recorded.push(`record ${units}`),
    recordQuota: (_a: string, _m: string, _i: string, delta: number) => recorded.push(`quota ${delta}`),
    flush: async () => undefined,
  } as unknown as UsageWriteBackService;
  const clock = { now: () => new Date(now) } as Clock;
  const quota = new QuotaService(store, ledger, writeBack, clock, {
    usageFlushIntervalMs: 60_000,
  } as Settings);
  const metrics = new MetricsService();
  const admission = new Admission(quota, store, metrics);
  return { store, admission, metrics, recorded, later: (ms: number) => (now += ms) };
}
