import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';

/** The shared Redis connection, or null when REDIS_URL is unset (single instance, in-process counters). */
export const REDIS = Symbol('REDIS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [SETTINGS],
      useFactory: (settings: Settings): Redis | null => {
        if (!settings.redisUrl) return null;
        const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
        redis.on('error', (error) => new Logger('Redis').warn(`Redis error: ${error.message}`));
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
