/** After a failed reload, how long the last known value is served before the next attempt. */
const STALE_RETRY_MS = 1000;
/**
 * How long a get waits on the reload of a key it knows before serving the last known value (default): a database
 * answers such a lookup in a millisecond or two, one that hangs (a partition, a stalled server) is not waited on.
 */
const RELOAD_WAIT_MS = 200;

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
  /**
   * How long a get of a key past its time by more than ttlMs (not refreshed ahead) waits for its reload before it
   * is served the last known value while the reload goes on (default 200 ms).
   */
  reloadWaitMs?: number;
  now?: () => number;
}

/**
 * A bounded, least-recently-used cache that loads what it misses:
 * - concurrent gets of one missing key share one load (a burst costs one database query, not hundreds);
 * - an invalidation during a load wins: the loaded value is returned but not kept;
 * - a value just past its time is served while it is reloaded in the background (refresh ahead);
 * - when a reload fails (the database is down), the last known value is served rather than an error, and the
 *   next reload is tried a second later, not on every request;
 * - when the reload of a value long past its time hangs (the database does not answer), the last known value is
 *   served after `reloadWaitMs`, so that no request waits on a connection timeout.
 */
export class LoadingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  /** When each load began. */
  private readonly started = new WeakMap<Promise<V>, number>();
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
    // Refresh ahead: a value whose time ran out less than another ttlMs ago is served at once while one reload
    // runs in the background. Without it each expiry made a request wait on a query (on the embedded engine,
    // queued behind the others: 1,000 active tokens at 500 req/s had a p99 of 136 ms). Changes still apply at once
    // (writes invalidate, and an invalidated key is never served); ttlMs only bounds a missed broadcast, now to 2×.
    if (entry && now - entry.expiresAt < this.options.ttlMs) {
      if (!pending) this.reload(key, load, entry).catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    if (pending) return entry ? this.boundedWait(key, entry, pending) : pending;
    const promise = this.reload(key, load, entry);
    return entry ? this.boundedWait(key, entry, promise) : promise;
  }

  /** Starts the one load of `key`; on failure, a known `entry` is served a while longer instead. */
  private reload(key: string, load: () => Promise<V>, entry: Entry<V> | undefined): Promise<V> {
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (!entry || generation !== this.generation) throw error;
        // Serve the last known value, and ask again only after a pause rather than on every request.
        this.entries.set(key, { ...entry, expiresAt: this.now() + STALE_RETRY_MS });
        return entry.value;
      },
    );
    this.loading.set(key, promise);
    this.started.set(promise, this.now());
    return promise;
  }

  /**
   * The reload of a known key, or its last known value once the reload has taken `reloadWaitMs` (the stale value is
   * then stored for STALE_RETRY_MS, so that the requests that follow are served at once while the reload goes on).
   */
  private boundedWait(key: string, entry: Entry<V>, reload: Promise<V>): Promise<V> {
    const generation = this.generation;
    const serveStale = (): V | Promise<V> => {
      // An invalidation since, or the reload has ended: its outcome is the answer.
      if (generation !== this.generation || this.loading.get(key) !== reload) return reload;
      if (this.entries.get(key) === entry)
        this.entries.set(key, { ...entry, expiresAt: this.now() + STALE_RETRY_MS });
      return entry.value;
    };
    const waitMs =
      (this.options.reloadWaitMs ?? RELOAD_WAIT_MS) - (this.now() - (this.started.get(reload) ?? 0));
    if (waitMs <= 0) return Promise.resolve(serveStale());
    let timer: NodeJS.Timeout | undefined;
    const stale = new Promise<V>((resolve) => {
      timer = setTimeout(() => resolve(serveStale()), waitMs);
      timer.unref?.();
    });
    return Promise.race([reload, stale]).finally(() => clearTimeout(timer));
  }

  /** A mark of the invalidations so far: take it before loading a value elsewhere, then `offer` the value. */
  get version(): number {
    return this.generation;
  }

  /**
   * Stores a value that was loaded elsewhere (with another key's lookup), unless an invalidation happened since
   * `version` was taken (then it may be outdated) or the key is already cached and fresh.
   */
  offer(key: string, value: V, version: number): void {
    if (version !== this.generation || this.peek(key) !== undefined) return;
    this.set(key, value);
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
    this.entries.delete(key);
    // A value not kept also ends the one it replaces (a token found deleted is not served on from before).
    if (this.options.ttlMs <= 0 || this.options.keep?.(value) === false) return;
    if (this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    const now = this.now();
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs, touchedAt: now });
  }
}
