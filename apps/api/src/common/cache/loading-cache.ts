import { LRUCache } from 'lru-cache';

/** After a failed reload, how long the last known value is served before the next attempt. */
const STALE_RETRY_MS = 1000;
/**
 * How long a get waits on the reload of a key it knows before serving the last known value (default): a database
 * answers such a lookup in a millisecond or two, one that hangs (a partition, a stalled server) is not waited on.
 */
const RELOAD_WAIT_MS = 200;

/** What the LRU holds: a box, since lru-cache stores no null and a cached answer may be null (an unknown token). */
interface Entry<V> {
  readonly value: V;
}

type Load<V> = () => Promise<V>;

/** The reload of a known value under way (see `boundedWait`). */
interface Reload<V> {
  readonly startedAt: number;
  readonly stale: Entry<V>;
  /** Until when `stale` is served as fresh, once a get has stopped waiting for the reload. */
  servedUntil: number;
}

/**
 * lru-cache holds an entry fresh while its age ≤ ttl; this cache, while age < ttlMs (stored at t with a ttlMs of 100,
 * it is past its time at t + 100). On a whole-millisecond clock the two agree with lru-cache's ttl one less (on the
 * default clock, to within a millisecond).
 */
const lruTtl = (ms: number): number => Math.max(ms - 1, 1);

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
  /** The clock, in whole milliseconds (default: Date.now, and performance.now for the entries' ttl). */
  now?: () => number;
}

/**
 * A bounded, least-recently-used cache that loads what it misses:
 * - concurrent gets of one missing key share one load (a burst costs one database query, not hundreds);
 * - an invalidation of a key during its load wins: the loaded value is returned but not kept;
 * - a value just past its time is served while it is reloaded in the background (refresh ahead);
 * - when a reload fails (the database is down), the last known value is served rather than an error, and the
 *   next reload is tried a second later, not on every request;
 * - when the reload of a value long past its time hangs (the database does not answer), the last known value is
 *   served after `reloadWaitMs`, so that no request waits on a connection timeout.
 *
 * The store, its LRU order and ttl, the sharing of a load and stale-while-revalidate are lru-cache's (`fetch` with
 * a `fetchMethod`; `delete` and `clear` abort the key's load under way, whose answer then goes to the gets waiting
 * on it but is not stored). What lru-cache has no option for is kept here:
 * - refreshing ahead only within ttlMs after expiry (its `allowStale` is all or nothing; further past, a get waits);
 * - the bounded wait and its stand-in (see `boundedWait`);
 * - on a failed reload, serving the last value *and trying again a second later*: `allowStaleOnFetchRejection`
 *   leaves the entry stale, so that every request would try again; the fetchMethod answers the last value itself,
 *   stored for STALE_RETRY_MS;
 * - `keep` (lru-cache stores whatever the fetchMethod answers), `offer` and `version`.
 */
export class LoadingCache<V> {
  private readonly entries: LRUCache<string, Entry<V>, Load<V>>;
  /** Reloads of known values under way, by key (an invalidation aborts the key's reload, which ends it here). */
  private readonly reloads = new Map<string, Reload<V>>();
  /** Bumped by every invalidation, so that a value read before it elsewhere is not offered (see `version`). */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: LoadingCacheOptions<V>) {
    const now = options.now ?? Date.now;
    this.now = now;
    this.entries = new LRUCache<string, Entry<V>, Load<V>>({
      // Bounded by count through maxSize (each entry weighs 1) rather than `max`, which makes lru-cache allocate its
      // arrays for every entry up front (≈ 3 MB per 100,000 entries, in every cache and every app instance, the
      // tests' included); these grow with what is cached.
      maxSize: options.maxEntries,
      sizeCalculation: () => 1,
      ttl: options.ttlMs > 0 ? lruTtl(options.ttlMs) : undefined,
      // By default lru-cache reads performance.now() at most once a millisecond (a clock read costs as much as the
      // lookup); a clock given (the tests move it by hand) is read on every check.
      ...(options.now && { perf: { now: options.now }, ttlResolution: 0 }),
      // A value past its time stays until replaced or evicted: it is served while refreshed, or when a reload fails.
      noDeleteOnStaleGet: true,
      // A load whose key is invalidated meanwhile still answers the gets that wait on it; lru-cache does not store it.
      ignoreFetchAbort: true,
      // A failed reload leaves the last known value in place (stale), for the next get to try again.
      noDeleteOnFetchRejection: true,
      fetchMethod: (key, stale, { signal, options: setOptions, context: load }) => {
        const generation = this.generation;
        const loading = load();
        // A reload of a known value is followed until it ends, or its entry is deleted, replaced or evicted.
        const reload = stale && { startedAt: now(), stale, servedUntil: 0 };
        const ended = () => {
          if (reload && this.reloads.get(key) === reload) this.reloads.delete(key);
        };
        if (reload) {
          this.reloads.set(key, reload);
          signal.addEventListener('abort', ended);
        }
        return loading.then(
          (value) => {
            ended();
            // A value not kept also ends the one it replaces (a token found deleted is not served on from before).
            if (!signal.aborted && !this.keeps(value)) this.entries.delete(key);
            return { value };
          },
          (error: unknown) => {
            const servedUntil = reload && this.reloads.get(key) === reload ? reload.servedUntil : 0;
            ended();
            if (!stale) throw error;
            if (generation === this.generation) {
              // Serve the last known value, and ask again only after a pause rather than on every request.
              setOptions.ttl = lruTtl(STALE_RETRY_MS);
              return stale;
            }
            // After an invalidation (of any key) the waiting gets have the error; a value already being served while
            // the reload hung is served on until its time.
            const left = servedUntil - now();
            if (left > 0) this.entries.set(key, stale, { ttl: lruTtl(left) });
            throw error;
          },
        );
      },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh cached value, without loading; undefined on a miss. */
  peek(key: string): V | undefined {
    const entry = this.entries.peek(key);
    return entry ? entry.value : this.standIn(key)?.value;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) return Promise.resolve(entry.value);
    const stale = this.entries.peek(key, { allowStale: true });
    if (!stale) return this.fetch(key, load, false);
    // Past its time by this much, or past the time it was served for while its reload hung.
    const servedUntil = this.reloads.get(key)?.servedUntil ?? 0;
    const overdue = servedUntil ? this.now() - servedUntil : -1 - this.entries.getRemainingTTL(key);
    if (overdue < 0) return Promise.resolve(stale.value);
    // Refresh ahead: a value whose time ran out less than another ttlMs ago is served at once while one reload
    // runs in the background. Without it each expiry made a request wait on a query (on the embedded engine,
    // queued behind the others: 1,000 active tokens at 500 req/s had a p99 of 136 ms). Changes still apply at once
    // (writes invalidate, and an invalidated key is never served); ttlMs only bounds a missed broadcast, now to 2×.
    if (overdue < this.options.ttlMs) return this.fetch(key, load, true);
    return this.boundedWait(key, stale, this.fetch(key, load, false));
  }

  /** The one load of `key` (started or joined), or with `allowStale` its last known value while it reloads. */
  private fetch(key: string, load: Load<V>, allowStale: boolean): Promise<V> {
    // The fetchMethod answers every load with an entry (lru-cache answers undefined only for what it never asks).
    return this.entries.fetch(key, { context: load, allowStale }).then((entry) => (entry as Entry<V>).value);
  }

  /** The last known value served as fresh while its reload hangs. */
  private standIn(key: string): Entry<V> | undefined {
    const reload = this.reloads.get(key);
    return reload && reload.servedUntil > this.now() ? reload.stale : undefined;
  }

  /**
   * The reload of a known key, or its last known value once the reload has taken `reloadWaitMs` (the stale value is
   * then served as fresh for STALE_RETRY_MS, so that the requests that follow are answered at once while the reload
   * goes on). lru-cache's own way (a timeout `signal` with `allowStaleOnFetchAbort`) would also serve the stale value
   * to the gets waiting on a load whose key is invalidated, and leave it stale: every request would wait again.
   */
  private boundedWait(key: string, stale: Entry<V>, reload: Promise<V>): Promise<V> {
    // Once this get is served the stale value, nothing waits on the reload: its failure must not go unhandled.
    reload.catch(() => undefined);
    const generation = this.generation;
    const started = this.reloads.get(key);
    const serveStale = (): V | Promise<V> => {
      // An invalidation since, or the reload has ended: its outcome is the answer.
      if (!started || generation !== this.generation || this.reloads.get(key) !== started) return reload;
      started.servedUntil = this.now() + STALE_RETRY_MS;
      return stale.value;
    };
    const waitMs = (this.options.reloadWaitMs ?? RELOAD_WAIT_MS) - (this.now() - (started?.startedAt ?? 0));
    if (waitMs <= 0) return Promise.resolve(serveStale());
    let timer: NodeJS.Timeout | undefined;
    const staleAfterWait = new Promise<V>((resolve) => {
      timer = setTimeout(() => resolve(serveStale()), waitMs);
      timer.unref?.();
    });
    return Promise.race([reload, staleAfterWait]).finally(() => clearTimeout(timer));
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
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  set(key: string, value: V): void {
    // A value not kept also ends the one it replaces (a token found deleted is not served on from before).
    if (this.keeps(value)) this.entries.set(key, { value });
    else this.entries.delete(key);
  }

  private keeps(value: V): boolean {
    return this.options.ttlMs > 0 && this.options.keep?.(value) !== false;
  }
}
