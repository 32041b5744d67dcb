import { CounterStore, WindowCount, WindowHit, windowStart } from './counter-store';

interface Entry {
  value: number;
  expiresAt: number;
}

/** In-process counters for a single instance. Each method runs synchronously, so increments are atomic. */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<number | null> {
    return this.live(key)?.value ?? null;
  }

  async seed(key: string, value: number, ttlSeconds: number): Promise<void> {
    if (!this.live(key)) this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async incrementIfBelow(key: string, limit: number | null, ttlSeconds: number): Promise<number | null> {
    const entry = this.live(key) ?? { value: 0, expiresAt: this.now() + ttlSeconds * 1000 };
    if (limit !== null && entry.value + 1 > limit) return null;
    entry.value += 1;
    this.entries.set(key, entry);
    return entry.value;
  }

  async hit(windows: WindowHit[]): Promise<WindowCount[]> {
    const now = this.now();
    this.sweep(now);
    return windows.map(({ key, windowSeconds }) => {
      const start = windowStart(now, windowSeconds);
      const fullKey = `${key}:${start}`;
      const entry = this.live(fullKey) ?? { value: 0, expiresAt: start + windowSeconds * 1000 };
      entry.value += 1;
      this.entries.set(fullKey, entry);
      return { count: entry.value, resetMs: entry.expiresAt - now };
    });
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired windows now and then, so memory stays bounded by the active clients. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
