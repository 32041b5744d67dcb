import {
  CounterStore,
  gcraDecision,
  HitsThenIncrement,
  IncrementResult,
  IncrementRule,
  RateLimitHit,
  RateLimitRule,
} from './counter-store';

interface Counter {
  value: number;
  expiresAt: number;
}

/** In-process counters for a single instance. Each method runs synchronously, so every operation is atomic. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  /** Each rate limit's theoretical arrival time in µs (gcraDecision); one in the past is no state at all. */
  private readonly arrivals = new Map<string, number>();
  private lastSweep: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSweep = now();
  }

  async get(key: string): Promise<number | null> {
    return this.live(key)?.value ?? null;
  }

  async seed(key: string, value: number, ttlSeconds: number): Promise<void> {
    if (!this.live(key)) this.counters.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async incrementIfBelow(key: string, limit: number | null): Promise<IncrementResult> {
    return this.incrementNow(key, limit);
  }

  async decrement(key: string): Promise<void> {
    const counter = this.live(key);
    if (counter && counter.value > 0) counter.value -= 1;
  }

  async rateLimitHits(limits: RateLimitRule[]): Promise<RateLimitHit[]> {
    return this.hitsNow(limits);
  }

  async rateLimitHitsThenIncrement(
    limits: RateLimitRule[],
    increment: IncrementRule,
  ): Promise<HitsThenIncrement> {
    // Both steps in the same synchronous run: no other request's operation comes between them.
    const hits = this.hitsNow(limits);
    if (!hits.every((hit) => hit.allowed)) return { hits };
    return { hits, increment: this.incrementNow(increment.key, increment.limit) };
  }

  private incrementNow(key: string, limit: number | null): IncrementResult {
    const counter = this.live(key);
    if (!counter) return 'unseeded';
    if (limit !== null && counter.value + 1 > limit) return 'limit-reached';
    counter.value += 1;
    return counter.value;
  }

  private hitsNow(limits: RateLimitRule[]): RateLimitHit[] {
    const nowUs = this.now() * 1000;
    this.sweep(nowUs / 1000);
    const decisions = limits.map(({ key, windowMs, limit }) =>
      gcraDecision(this.arrivals.get(key) ?? null, nowUs, windowMs, limit),
    );
    if (decisions.every((d) => d.hit.allowed)) {
      decisions.forEach((d, i) => this.arrivals.set(limits[i].key, d.tatUs));
    }
    return decisions.map((d) => d.hit);
  }

  private live(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.expiresAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Drops drained rate limits and expired counters now and then, so memory stays bounded by active clients. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, tatUs] of this.arrivals) if (tatUs <= now * 1000) this.arrivals.delete(key);
    for (const [key, counter] of this.counters) if (counter.expiresAt <= now) this.counters.delete(key);
  }
}
