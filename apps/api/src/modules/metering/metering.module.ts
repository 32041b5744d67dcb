import { Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../../common/clock';
import { REDIS } from '../../common/redis/redis.module';
import { COUNTER_STORE, CounterStore } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { QuotaService } from './quota.service';
import { RateLimiterService } from './rate-limiter.service';
import { RedisCounterStore } from './redis-counter-store';
import { UsageWriteBackService } from './usage-write-back.service';

/** Quota and rate-limit counters: in-process by default, in Redis when REDIS_URL is set. */
@Global()
@Module({
  providers: [
    Clock,
    {
      provide: COUNTER_STORE,
      inject: [REDIS],
      useFactory: (redis: Redis | null): CounterStore =>
        redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    },
    UsageWriteBackService,
    QuotaService,
    RateLimiterService,
  ],
  exports: [Clock, COUNTER_STORE, QuotaService, RateLimiterService, UsageWriteBackService],
})
export class MeteringModule {}
