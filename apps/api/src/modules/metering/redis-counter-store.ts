import type Redis from 'ioredis';
import type { Result } from 'ioredis';
import type {
  CounterStore,
  HitsThenIncrement,
  IncrementResult,
  IncrementRule,
  RateLimitHit,
  RateLimitRule,
} from './counter-store';

/**
 * Atomic "increment unless it would pass the limit" on an existing counter; the limit -1 means none. Returns the new
 * value, -1 at the limit, -2 when the counter does not exist (to be seeded from PostgreSQL).
 */
const INCREMENT_IF_BELOW_FUNCTION = `
local function incrementIfBelow(key, limit)
  local value = redis.call('GET', key)
  if not value then return -2 end
  if limit >= 0 and tonumber(value) + 1 > limit then return -1 end
  return redis.call('INCR', key)
end
`;

const INCREMENT_IF_BELOW = `${INCREMENT_IF_BELOW_FUNCTION}
return incrementIfBelow(KEYS[1], tonumber(ARGV[1]))
`;

const DECREMENT = `
local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * gcraDecision() of counter-store.ts, in Lua, for several limits at once: each of the first `count` keys holds its
 * theoretical arrival time (µs); ARGV holds a window (ms) and a limit per key. The request is counted in every key
 * only when all allow it. The clock is Redis's own, so every instance agrees on it; a key expires once its limit
 * has drained. Leaves, per key, {allowed, remaining, resetMs, retryAfterMs} in `results`, and `all`.
 */
const RATE_LIMIT_STEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local results, nexts, all = {}, {}, true
for i = 1, count do
  local key = KEYS[i]
  local window = tonumber(ARGV[2 * i - 1]) * 1000
  local interval = math.max(1, math.floor(window / tonumber(ARGV[2 * i])))
  local tat = math.max(tonumber(redis.call('GET', key) or '0'), now)
  local nextTat = tat + interval
  if nextTat - now > window then
    all = false
    results[i] = {0, 0, math.ceil((tat - now) / 1000), math.ceil((nextTat - now - window) / 1000)}
  else
    nexts[i] = nextTat
    results[i] = {1, math.floor((window - (nextTat - now)) / interval), math.ceil((nextTat - now) / 1000), 0}
  end
end
if all then
  for i = 1, count do
    redis.call('SET', KEYS[i], string.format('%d', nexts[i]), 'PX', math.ceil((nexts[i] - now) / 1000) + 1)
  end
end
`;

const RATE_LIMIT_HITS = `local count = #KEYS
${RATE_LIMIT_STEP}
return results
`;

/**
 * The rate-limit step on all keys but the last, then, when every limit allowed the request, INCREMENT_IF_BELOW
 * on the last key with the last argument as its limit. Returns {results, increment}; increment -3 = not tried.
 */
const RATE_LIMIT_HITS_THEN_INCREMENT = `local count = #KEYS - 1
${INCREMENT_IF_BELOW_FUNCTION}
${RATE_LIMIT_STEP}
local increment = -3
if all then increment = incrementIfBelow(KEYS[#KEYS], tonumber(ARGV[#ARGV])) end
return {results, increment}
`;

type RateLimitReply = [number, number, number, number][];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    lrsIncrementIfBelow(key: string, limit: number): Result<number, Context>;
    lrsDecrement(key: string): Result<number, Context>;
    lrsRateLimitHits(keyCount: number, ...keysThenArgs: (string | number)[]): Result<RateLimitReply, Context>;
    lrsRateLimitHitsThenIncrement(
      keyCount: number,
      ...keysThenArgs: (string | number)[]
    ): Result<[RateLimitReply, number], Context>;
  }
}

/** Counters shared by every instance through Redis (REDIS_URL); the scripts are sent once, then run by hash. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lrs:',
  ) {
    redis.defineCommand('lrsIncrementIfBelow', { numberOfKeys: 1, lua: INCREMENT_IF_BELOW });
    redis.defineCommand('lrsDecrement', { numberOfKeys: 1, lua: DECREMENT });
    redis.defineCommand('lrsRateLimitHits', { lua: RATE_LIMIT_HITS });
    redis.defineCommand('lrsRateLimitHitsThenIncrement', { lua: RATE_LIMIT_HITS_THEN_INCREMENT });
  }

  async get(key: string): Promise<number | null> {
    const value = await this.redis.get(this.prefix + key);
    return value === null ? null : Number(value);
  }

  async seed(key: string, value: number, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds, 'NX');
  }

  async incrementIfBelow(key: string, limit: number | null): Promise<IncrementResult> {
    return incrementResult(Number(await this.redis.lrsIncrementIfBelow(this.prefix + key, limit ?? -1)));
  }

  async decrement(key: string): Promise<void> {
    await this.redis.lrsDecrement(this.prefix + key);
  }

  async rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    if (limits.length === 0) return [];
    const replies = await this.redis.lrsRateLimitHits(
      limits.length,
      ...limits.map(({ key }) => this.prefix + key),
      ...limits.flatMap(({ windowMs, limit }) => [windowMs, limit]),
    );
    return replies.map(toRateLimitHit);
  }

  async rateLimitHitsThenIncrement(
    limits: RateLimitRule[],
    increment: IncrementRule,
  ): Promise<HitsThenIncrement> {
    const [replies, result] = await this.redis.lrsRateLimitHitsThenIncrement(
      limits.length + 1,
      ...limits.map(({ key }) => this.prefix + key),
      this.prefix + increment.key,
      ...limits.flatMap(({ windowMs, limit }) => [windowMs, limit]),
      increment.limit ?? -1,
    );
    const hits = replies.map(toRateLimitHit);
    return result === -3 ? { hits } : { hits, increment: incrementResult(Number(result)) };
  }
}

function incrementResult(reply: number): IncrementResult {
  if (reply === -2) return 'unseeded';
  if (reply === -1) return 'limit-reached';
  return reply;
}

function toRateLimitHit([allowed, remaining, resetMs, retryAfterMs]: RateLimitReply[number]): RateLimitHit {
  return { allowed: allowed === 1, remaining, resetMs, retryAfterMs };
}
