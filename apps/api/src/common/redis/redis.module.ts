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
          // Back within a second of Redis's return: well inside the counters' recovery grace (2 s), so that all
          // instances return to Redis together after an outage.
          retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        });
        // Once per outage, not at every reconnection attempt (one a second while Redis is away).
        const logger = new Logger('Redis');
        let failing = false;
        redis.on('error', (error) => {
          if (!failing) logger.warn(`Redis error: ${error.message} (retrying every second until it answers)`);
          failing = true;
        });
        redis.on('ready', () => {
          if (failing) logger.log('Redis answers again');
          failing = false;
        });
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    // QUIT lets the replies under way arrive; on a Redis that is down or hung it fails, and disconnect() then
    // ends the connection (and its reconnecting) for good.
    await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }
}
