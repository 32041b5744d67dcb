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
        const redis = new Redis(settings.redisUrl, {
          // Auto-pipelining sends the commands of concurrent requests in one write: one round trip serves many.
          enableAutoPipelining: true,
          // No request may wait on a dead Redis: fail at once while disconnected, within 500 ms when it hangs
          // (the counters then fall back to this instance's own), and keep reconnecting in the background.
          enableOfflineQueue: false,
          commandTimeout: 500,
          maxRetriesPerRequest: 0,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
        });
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
