import type Redis from 'ioredis';
import { CounterStore, WindowCount, WindowHit, windowStart } from './counter-store';

/** Atomic "increment unless it would pass the limit"; the limit -1 means none. */
const INCREMENT_IF_BELOW = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if limit >= 0 and current + 1 > limit then return -1 end
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return value
`;

/** Counters shared by every instance through Redis (REDIS_URL). */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lrs:',
  ) {}

  async get(key: string): Promise<number | null> {
    const value = await this.redis.get(this.prefix + key);
    return value === null ? null : Number(value);
  }

  async seed(key: string, value: number, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds, 'NX');
  }

  async incrementIfBelow(key: string, limit: number | null, ttlSeconds: number): Promise<number | null> {
    const result = Number(
      await this.redis.eval(INCREMENT_IF_BELOW, 1, this.prefix + key, limit ?? -1, ttlSeconds),
    );
    return result < 0 ? null : result;
  }

  async hit(windows: WindowHit[]): Promise<WindowCount[]> {
    const now = Date.now();
    const pipeline = this.redis.multi();
    const ends = windows.map(({ key, windowSeconds }) => {
      const start = windowStart(now, windowSeconds);
      const fullKey = `${this.prefix}${key}:${start}`;
      pipeline.incr(fullKey).pexpire(fullKey, windowSeconds * 1000 + 1000);
      return start + windowSeconds * 1000;
    });
    const results = (await pipeline.exec()) ?? [];
    return ends.map((end, i) => {
      const [error, count] = results[i * 2] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return { count: Number(count), resetMs: end - now };
    });
  }
}
