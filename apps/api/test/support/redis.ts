import Redis from 'ioredis';

/**
 * The Redis the tests use: REDIS_URL, else the one every machine of ours runs on 127.0.0.1:6379. Tests that need
 * it fail loudly when it does not answer; they never skip.
 */
export function testRedisUrl(): string {
  return process.env.REDIS_URL || 'redis://127.0.0.1:6379';
}

/** A connection that has answered PING, or an error that says how to start Redis. */
export async function connectTestRedis(): Promise<Redis> {
  const url = testRedisUrl();
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at ${url} does not answer (${(error as Error).message}). Start it: ` +
        'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    );
  }
}
