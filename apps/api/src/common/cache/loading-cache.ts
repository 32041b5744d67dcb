/** After a failed reload, how long the last known value is served before the next attempt. */
const STALE_RETRY_MS = 1000;

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** When the entry last moved to the back of the eviction order. */
  touchedAt: number;
}

/** A hit moves its entry to the back of the eviction order at most this often (a Map delete and set). */
const TOUCH_INTERVAL_MS = 1000;

export interface LoadingCacheOptions<V> {
  /** Entries kept at most; the least recently used one is dropped first. */
  maxEntries: number;
  /** How long a loaded value is fresh; 0 disables caching (every get loads). */
  ttlMs: number;
  /** Which loaded values to keep (default: all); the others are returned but loaded again next time. */
  keep?: (value: V) => boolean;
  now?: () => number;
}

/**
 * A bounded, least-recently-used cache that loads what it misses:
 * - concurrent gets of one missing key share one load (a burst costs one database query, not hundreds);
 * - an invalidation during a load wins: the loaded value is returned but not kept;
 * - when a reload fails (the database is down), the last known value is served rather than an error, and the
 *   next reload is tried a second later, not on every request.
 */
export class LoadingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by every invalidation, so that a load that started before it does not store an outdated value. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: LoadingCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh cached value, without loading; undefined on a miss. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : undefined;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.expiresAt > now) {
      // Move to the back of the map's insertion order: the front is the least recently used.
      if (now - entry.touchedAt >= TOUCH_INTERVAL_MS) {
        entry.touchedAt = now;
        this.entries.delete(key);
        this.entries.set(key, entry);
      }
      return Promise.resolve(entry.value);
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        if (!entry || generation !== this.generation) throw error;
        // Serve the last known value, and ask again only after a pause rather than on every request.
        this.entries.set(key, { ...entry, expiresAt: this.now() + STALE_RETRY_MS });
        return entry.value;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  set(key: string, value: V): void {
    if (this.options.ttlMs <= 0 || this.options.keep?.(value) === false) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    const now = this.now();
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs, touchedAt: now });
  }
}
