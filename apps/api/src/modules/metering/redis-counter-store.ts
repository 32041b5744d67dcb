import type Redis from 'ioredis';
import type { Result } from 'ioredis';
import {
  type CounterStore,
  type HitsThenIncrement,
  type IncrementResult,
  type IncrementRule,
  type LedgerSnapshot,
  newIncarnation,
  type QuotaCount,
  type QuotaReconciliation,
  type RateLimitHit,
  type RateLimitRule,
} from './counter-store';

/*
 * A quota counter is a hash: u = used, i = incarnation, s = the ledger version it was seeded from, r = the newest
 * ledger write reconciled into it (r may exist alone: a write reconciled while no counter existed). Replies are
 * {status, used, incarnation}: status 0 = done, 1 = limit reached, 2 = no counter (unseeded), 3 = stale snapshot.
 */

/**
 * Atomic "add `amount` unless it would pass the limit" on an existing counter; the limit -1 means none. A request
 * is counted whole or not at all.
 */
const INCREMENT_IF_BELOW_FUNCTION = `
local function incrementIfBelow(key, limit, amount)
  local c = redis.call('HMGET', key, 'u', 'i')
  if not c[1] then return {2, 0, ''} end
  if limit >= 0 and tonumber(c[1]) + amount > limit then return {1, tonumber(c[1]), c[2]} end
  return {0, redis.call('HINCRBY', key, 'u', amount), c[2]}
end
`;

/** ARGV: limit, amount. */
const INCREMENT_IF_BELOW = `${INCREMENT_IF_BELOW_FUNCTION}
return incrementIfBelow(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
`;

const QUOTA = `
local c = redis.call('HMGET', KEYS[1], 'u', 'i')
if not c[1] then return {2, 0, ''} end
return {0, tonumber(c[1]), c[2]}
`;

/** ARGV: used, version, new incarnation, ttl seconds, replace (1) or if-absent (0). */
const SEED_QUOTA = `
local c = redis.call('HMGET', KEYS[1], 'u', 'i', 's', 'r')
local version = tonumber(ARGV[2])
if c[1] and (ARGV[5] == '0' or version <= tonumber(c[3])) then return {0, tonumber(c[1]), c[2]} end
if c[4] and tonumber(c[4]) > version then return {3, 0, ''} end
redis.call('HSET', KEYS[1], 'u', ARGV[1], 'i', ARGV[3], 's', ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
return {0, tonumber(ARGV[1]), ARGV[3]}
`;

/** ARGV: the units given back. */
const DECREMENT = `
local c = redis.call('HMGET', KEYS[1], 'u', 'i')
if not c[1] then return false end
redis.call('HINCRBY', KEYS[1], 'u', -tonumber(ARGV[1]))
return c[2]
`;

/** Per key: ARGV holds its incarnation, version, delta and ttl (4 per key, in order). */
const RECONCILE_QUOTA = `
for n = 1, #KEYS do
  local key, tag = KEYS[n], ARGV[4 * n - 3]
  local version, delta = tonumber(ARGV[4 * n - 2]), tonumber(ARGV[4 * n - 1])
  local c = redis.call('HMGET', key, 'u', 'i', 's', 'r')
  if not c[4] or tonumber(c[4]) < version then redis.call('HSET', key, 'r', version) end
  if c[1] and c[2] ~= tag and tonumber(c[3]) < version then redis.call('HINCRBY', key, 'u', delta) end
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, tonumber(ARGV[4 * n])) end
end
return 0
`;

/**
 * gcraDecision() of counter-store.ts, in Lua, for several limits at once: each of the first `count` keys holds its
 * theoretical arrival time (µs); ARGV holds a window (ms), a limit and the request's cost (units) per key. The
 * request is counted in every key only when all allow it. The clock is Redis's own, so every instance agrees on it;
 * a key expires once its limit has drained. Leaves, per key, {allowed, remaining, resetMs, retryAfterMs} in
 * `results`, and `all`.
 */
const RATE_LIMIT_STEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local results, nexts, all = {}, {}, true
for i = 1, count do
  local key = KEYS[i]
  local window = tonumber(ARGV[3 * i - 2]) * 1000
  local interval = math.max(1, math.floor(window / tonumber(ARGV[3 * i - 1])))
  local tat = math.max(tonumber(redis.call('GET', key) or '0'), now)
  local nextTat = tat + interval * tonumber(ARGV[3 * i])
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
 * on the last key with the last two arguments as its limit and amount. Returns {results, increment}; increment 0
 * = not tried.
 */
const RATE_LIMIT_HITS_THEN_INCREMENT = `local count = #KEYS - 1
${INCREMENT_IF_BELOW_FUNCTION}
${RATE_LIMIT_STEP}
local increment = 0
if all then increment = incrementIfBelow(KEYS[#KEYS], tonumber(ARGV[#ARGV - 1]), tonumber(ARGV[#ARGV])) end
return {results, increment}
`;

type RateLimitReply = [number, number, number, number][];
/** {status, used, incarnation}; see the statuses above. */
type QuotaReply = [number, number, string];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    lrsQuota(key: string): Result<QuotaReply, Context>;
    lrsSeedQuota(
      key: string,
      used: number,
      version: number,
      incarnation: string,
      ttlSeconds: number,
      replace: number,
    ): Result<QuotaReply, Context>;
    lrsIncrementIfBelow(key: string, limit: number, amount: number): Result<QuotaReply, Context>;
    lrsDecrement(key: string, amount: number): Result<string | null, Context>;
    lrsReconcileQuota(keyCount: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
    lrsRateLimitHits(keyCount: number, ...keysThenArgs: (string | number)[]): Result<RateLimitReply, Context>;
    lrsRateLimitHitsThenIncrement(
      keyCount: number,
      ...keysThenArgs: (string | number)[]
    ): Result<[RateLimitReply, QuotaReply | 0], Context>;
  }
}

/** Counters shared by every instance through Redis (REDIS_URL); the scripts are sent once, then run by hash. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lrs:',
  ) {
    redis.defineCommand('lrsQuota', { numberOfKeys: 1, lua: QUOTA });
    redis.defineCommand('lrsSeedQuota', { numberOfKeys: 1, lua: SEED_QUOTA });
    redis.defineCommand('lrsIncrementIfBelow', { numberOfKeys: 1, lua: INCREMENT_IF_BELOW });
    redis.defineCommand('lrsDecrement', { numberOfKeys: 1, lua: DECREMENT });
    redis.defineCommand('lrsReconcileQuota', { lua: RECONCILE_QUOTA });
    redis.defineCommand('lrsRateLimitHits', { lua: RATE_LIMIT_HITS });
    redis.defineCommand('lrsRateLimitHitsThenIncrement', { lua: RATE_LIMIT_HITS_THEN_INCREMENT });
  }

  async quota(key: string): Promise<QuotaCount | null> {
    const [status, used, incarnation] = await this.redis.lrsQuota(this.prefix + key);
    return status === 0 ? { used, incarnation } : null;
  }

  async seedQuota(
    key: string,
    snapshot: LedgerSnapshot,
    ttlSeconds: number,
    mode: 'if-absent' | 'replace',
  ): Promise<QuotaCount | 'stale'> {
    const [status, used, incarnation] = await this.redis.lrsSeedQuota(
      this.prefix + key,
      snapshot.used,
      snapshot.version,
      newIncarnation(snapshot.version),
      ttlSeconds,
      mode === 'replace' ? 1 : 0,
    );
    return status === 3 ? 'stale' : { used, incarnation };
  }

  async incrementIfBelow(key: string, limit: number | null, amount: number): Promise<IncrementResult> {
    return incrementResult(await this.redis.lrsIncrementIfBelow(this.prefix + key, limit ?? -1, amount));
  }

  async decrement(key: string, amount: number): Promise<string | null> {
    return this.redis.lrsDecrement(this.prefix + key, amount);
  }

  async reconcileQuota(entries: QuotaReconciliation[]): Promise<void> {
    // In slices, so that one script never holds Redis for long.
    for (let from = 0; from < entries.length; from += 200) {
      const slice = entries.slice(from, from + 200);
      await this.redis.lrsReconcileQuota(
        slice.length,
        ...slice.map(({ key }) => this.prefix + key),
        ...slice.flatMap(({ incarnation, version, delta, ttlSeconds }) => [
          incarnation,
          version,
          delta,
          ttlSeconds,
        ]),
      );
    }
  }

  async rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    if (limits.length === 0) return [];
    const replies = await this.redis.lrsRateLimitHits(
      limits.length,
      ...limits.map(({ key }) => this.prefix + key),
      ...limits.flatMap(rateLimitArguments),
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
      ...limits.flatMap(rateLimitArguments),
      increment.limit ?? -1,
      increment.amount,
    );
    const hits = replies.map(toRateLimitHit);
    return result === 0 ? { hits } : { hits, increment: incrementResult(result) };
  }
}

/** A limit's arguments to RATE_LIMIT_STEP: its window, its limit and the request's cost. */
function rateLimitArguments({ windowMs, limit, cost = 1 }: RateLimitRule): number[] {
  return [windowMs, limit, cost];
}

function incrementResult([status, used, incarnation]: QuotaReply): IncrementResult {
  if (status === 2) return 'unseeded';
  if (status === 1) return 'limit-reached';
  return { used, incarnation };
}

function toRateLimitHit([allowed, remaining, resetMs, retryAfterMs]: RateLimitReply[number]): RateLimitHit {
  return { allowed: allowed === 1, remaining, resetMs, retryAfterMs };
}
