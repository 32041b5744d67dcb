export interface BatchLoaderOptions<V> {
  /** Keys per query at most. */
  maxBatch: number;
  /** Batches under way at once; the keys asked for meanwhile wait and go together in the next one. */
  maxInFlight: number;
  /** The answer for a key the query did not return. */
  missing: V;
}

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces lookups into one query per batch: while `maxInFlight` batches are under way, the keys asked for wait
 * and go together in the next, so a burst of cold tokens costs a few queries rather than one each (on the embedded
 * engine, which runs queries one at a time, 1,000 new tokens at 500 req/s queued up to 194 ms at p99). A key asked
 * for twice before its batch leaves is looked up once. When nothing is under way, a key leaves at once.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private inFlight = 0;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly options: BatchLoaderOptions<V>,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.size > 0) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of this.waiting) {
        if (batch.size >= this.options.maxBatch) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.waiting.delete(key);
      this.inFlight += 1;
      this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.dispatch();
      });
    }
  }

  private async run(batch: Map<K, Waiter<V>[]>): Promise<void> {
    try {
      const found = await this.loadMany([...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = found.has(key) ? (found.get(key) as V) : this.options.missing;
        for (const waiter of waiters) waiter.resolve(value);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
