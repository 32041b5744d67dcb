import type { DataSource } from 'typeorm';
import type { Settings } from '../../config/settings';
import { MemoryCounterStore } from './memory-counter-store';
import type { QuotaLedger } from './quota-ledger';
import { UsageWriteBackService } from './usage-write-back.service';

/** A promise resolved from outside, to hold a read or a write half-way. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The order between usage reads and the write-back (the writes themselves run against PostgreSQL in the HTTP
 * tests): reads run side by side, a flush waits for the reads under way, and a read that comes later waits for it.
 */
describe('UsageWriteBackService.consistentRead', () => {
  const events: string[] = [];
  const write = deferred();
  const dataSource = {
    transaction: async () => {
      events.push('write starts');
      await write.promise;
      events.push('write ends');
    },
  } as unknown as DataSource;
  const service = new UsageWriteBackService(
    dataSource,
    { usageFlushIntervalMs: 60_000 } as Settings,
    {} as QuotaLedger,
    new MemoryCounterStore(),
  );

  it('runs reads together, and a flush between them', async () => {
    const first = deferred();
    const second = deferred();
    const readOne = service.consistentRead(async () => {
      events.push('read 1 starts');
      await first.promise;
      events.push('read 1 ends');
    });
    const readTwo = service.consistentRead(async () => {
      events.push('read 2 starts');
      await second.promise;
      events.push('read 2 ends');
    });
    await tick();
    expect(events).toEqual(['read 1 starts', 'read 2 starts']);

    service.record('account', '2026-11-22', 'token', new Date(), 1);
    const flush = service.flush();
    const readThree = service.consistentRead(async () => {
      events.push('read 3');
    });
    await tick();
    expect(events).toEqual(['read 1 starts', 'read 2 starts']); // the flush waits for both reads

    first.resolve();
    second.resolve();
    await Promise.all([readOne, readTwo]);
    await tick();
    expect(events.slice(2)).toEqual(['read 1 ends', 'read 2 ends', 'write starts']); // read 3 waits for the write

    write.resolve();
    await Promise.all([flush, readThree]);
    expect(events.slice(5)).toEqual(['write ends', 'read 3']);
  });
});
