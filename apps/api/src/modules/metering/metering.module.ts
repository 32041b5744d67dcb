import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { REDIS } from '../../common/redis/redis.module';
import { MetricsModule } from '../metrics/metrics.module';
import { COUNTER_STORE, type CounterStore } from './counter-store';
import { Admission } from './admission';
import { MemoryCounterStore } from './memory-counter-store';
import { MeteringService } from './metering.service';
import { QuotaLedger } from './quota-ledger';
import { MeteringInstancesBoard } from './metering-instances-board';
import { QuotaService, STANDING_BOARD } from './quota.service';
import { FailoverCounterStore } from './failover-counter-store';
import { RedisCounterStore } from './redis-counter-store';
import { UsageHistoryService } from './usage-history.service';
import { UsageWriteBackService } from './usage-write-back.service';

/**
 * Quota and rate-limit counters: in-process by default; in Redis when REDIS_URL is set. While Redis does not
 * answer some instance, quotas are decided in PostgreSQL's ledger by all of them; while it does not answer this
 * one, its rate limits are counted by its own counters.
 *
 * Global: the quota guard, built by Nest in the module of each metered controller, injects Admission.
 */
@Global()
@Module({
  imports: [MetricsModule],
  providers: [
    {
      provide: COUNTER_STORE,
      inject: [REDIS, Clock],
      useFactory: (redis: Redis | null, clock: Clock): CounterStore =>
        redis
          ? new FailoverCounterStore(redis, new RedisCounterStore(redis))
          : new MemoryCounterStore(() => clock.now().getTime()),
    },
    // Where instances sharing Redis agree on where quota units are counted (QuotaAuthority).
    {
      provide: STANDING_BOARD,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new MeteringInstancesBoard(dataSource),
    },
    QuotaLedger,
    UsageWriteBackService,
    QuotaService,
    UsageHistoryService,
    MeteringService,
    Admission,
  ],
  exports: [COUNTER_STORE, QuotaService, UsageHistoryService, MeteringService, Admission],
})
export class MeteringModule implements OnApplicationShutdown {
  constructor(@Inject(COUNTER_STORE) private readonly store: CounterStore) {}

  /** After the last usage write (UsageWriteBackService, beforeApplicationShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.store.close?.();
  }
}
