/** One fixed-window rate counter to hit. */
export interface WindowHit {
  key: string;
  windowSeconds: number;
}

export interface WindowCount {
  count: number;
  /** Milliseconds until this window resets. */
  resetMs: number;
}

/**
 * Where request counters live: in-process for one instance, Redis for several (REDIS_URL).
 * Both implementations make incrementIfBelow atomic, which is what makes the monthly quota exact.
 */
export interface CounterStore {
  /** The counter's value, or null when the store has not seen the key (then it is seeded from PostgreSQL). */
  get(key: string): Promise<number | null>;
  /** Sets the counter unless it already exists. */
  seed(key: string, value: number, ttlSeconds: number): Promise<void>;
  /** Adds 1 when the result stays within `limit` (null = no limit): the new value, or null when refused. */
  incrementIfBelow(key: string, limit: number | null, ttlSeconds: number): Promise<number | null>;
  /** Counts one request in each fixed window. */
  hit(windows: WindowHit[]): Promise<WindowCount[]>;
}

export const COUNTER_STORE = Symbol('COUNTER_STORE');

/** The start of the current fixed window, so that every instance agrees on window boundaries. */
export function windowStart(nowMs: number, windowSeconds: number): number {
  const windowMs = windowSeconds * 1000;
  return Math.floor(nowMs / windowMs) * windowMs;
}
