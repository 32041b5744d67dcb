import {
  CounterStore,
  gcraDecision,
  HitsThenIncrement,
  IncrementResult,
  IncrementRule,
  LedgerSnapshot,
  newIncarnation,
  QuotaCount,
  QuotaReconciliation,
  RateLimitHit,
  RateLimitRule,
} from './counter-store';

/**
 * A quota counter and what it knows of the ledger (the same fields as the Redis hash): `used`/`incarnation`/
 * `seededFrom` once seeded; `reconciledTo`, the newest ledger write reconciled, may exist alone.
 */
interface QuotaCell {
  used?: number;
  incarnation?: string;
  seededFrom?: number;
  reconciledTo?: number;
  expiresAt: number;
}

/** In-process counters for a single instance. Each method runs synchronously, so every operation is atomic. */
export class MemoryCounterStore implements CounterStore {
  private readonly cells = new Map<string, QuotaCell>();
  /** Each rate limit's theoretical arrival time in µs (gcraDecision); one in the past is no state at all. */
  private readonly arrivals = new Map<string, number>();
  private lastSweep: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSweep = now();
  }

  async quota(key: string): Promise<QuotaCount | null> {
    return this.countOf(this.live(key));
  }

  async seedQuota(
    key: string,
    snapshot: LedgerSnapshot,
    ttlSeconds: number,
    mode: 'if-absent' | 'replace',
  ): Promise<QuotaCount | 'stale'> {
    const cell = this.live(key);
    const count = this.countOf(cell);
    if (cell && count && (mode === 'if-absent' || snapshot.version <= (cell.seededFrom ?? 0))) return count;
    if (cell?.reconciledTo !== undefined && cell.reconciledTo > snapshot.version) return 'stale';
    const incarnation = newIncarnation(snapshot.version);
    this.cells.set(key, {
      used: snapshot.used,
      incarnation,
      seededFrom: snapshot.version,
      reconciledTo: cell?.reconciledTo,
      expiresAt: this.now() + ttlSeconds * 1000,
    });
    return { used: snapshot.used, incarnation };
  }

  async incrementIfBelow(key: string, limit: number | null, amount: number): Promise<IncrementResult> {
    return this.incrementNow(key, limit, amount);
  }

  async decrement(key: string, amount: number): Promise<string | null> {
    const cell = this.live(key);
    if (!cell || cell.used === undefined) return null;
    cell.used -= amount;
    return cell.incarnation as string;
  }

  async reconcileQuota(entries: QuotaReconciliation[]): Promise<void> {
    for (const { key, incarnation, version, delta, ttlSeconds } of entries) {
      let cell = this.live(key);
      if (!cell) this.cells.set(key, (cell = { expiresAt: this.now() + ttlSeconds * 1000 }));
      if (cell.reconciledTo === undefined || cell.reconciledTo < version) cell.reconciledTo = version;
      if (cell.used !== undefined && cell.incarnation !== incarnation && (cell.seededFrom ?? 0) < version)
        cell.used += delta;
    }
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
    return { hits, increment: this.incrementNow(increment.key, increment.limit, increment.amount) };
  }

  private incrementNow(key: string, limit: number | null, amount: number): IncrementResult {
    const cell = this.live(key);
    if (!cell || cell.used === undefined) return 'unseeded';
    if (limit !== null && cell.used + amount > limit) return 'limit-reached';
    cell.used += amount;
    return { used: cell.used, incarnation: cell.incarnation as string };
  }

  private countOf(cell: QuotaCell | undefined): QuotaCount | null {
    return cell?.used === undefined ? null : { used: cell.used, incarnation: cell.incarnation as string };
  }

  private hitsNow(limits: RateLimitRule[]): RateLimitHit[] {
    const nowUs = this.now() * 1000;
    this.sweep(nowUs / 1000);
    const decisions = limits.map(({ key, windowMs, limit, cost }) =>
      gcraDecision(this.arrivals.get(key) ?? null, nowUs, windowMs, limit, cost),
    );
    if (decisions.every((d) => d.hit.allowed)) {
      decisions.forEach((d, i) => this.arrivals.set(limits[i].key, d.tatUs));
    }
    return decisions.map((d) => d.hit);
  }

  private live(key: string): QuotaCell | undefined {
    const cell = this.cells.get(key);
    if (cell && cell.expiresAt <= this.now()) {
      this.cells.delete(key);
      return undefined;
    }
    return cell;
  }

  /** Drops drained rate limits and expired counters now and then, so memory stays bounded by active clients. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, tatUs] of this.arrivals) if (tatUs <= now * 1000) this.arrivals.delete(key);
    for (const [key, cell] of this.cells) if (cell.expiresAt <= now) this.cells.delete(key);
  }
}
