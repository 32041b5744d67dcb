import { Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../../common/clock';
import { REDIS } from '../../common/redis/redis.module';
import { COUNTER_STORE, CounterStore } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { QuotaService } from './quota.service';
import { FailoverCounterStore } from './failover-counter-store';
import { RedisCounterStore } from './redis-counter-store';
import { UsageWriteBackService } from './usage-write-back.service';

/**
 * Quota and rate-limit counters: in-process by default; in Redis when REDIS_URL is set, with this instance's own
 * counters standing in while Redis does not answer.
 */
@Global()
@Module({
  providers: [
    Clock,
    {
      provide: COUNTER_STORE,
      inject: [REDIS, Clock],
      useFactory: (redis: Redis | null, clock: Clock): CounterStore =>
        redis
          ? new FailoverCounterStore(redis, new RedisCounterStore(redis))
          : new MemoryCounterStore(() => clock.now().getTime()),
    },
    UsageWriteBackService,
    QuotaService,
  ],
  exports: [Clock, COUNTER_STORE, QuotaService, UsageWriteBackService],
})
export class MeteringModule {}
