import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';

/** Where quota units are counted: Redis's counters, or PostgreSQL's ledger. */
export type QuotaRoute = 'redis' | 'ledger';

/** What an instance tells the others (a row of metering_instances). */
export interface Standing {
  /** It cannot reach Redis. */
  away: boolean;
  /** It counts units in Redis, or is about to. */
  countsInRedis: boolean;
  /** It charges units in the ledger, or is about to. */
  chargesLedger: boolean;
}

/** The other live instances' standings, folded: is any of them away, counting in Redis, charging the ledger? */
export type OthersStanding = Standing;

/**
 * Where instances meet: PostgreSQL (MeteringInstancesBoard), or memory in unit tests. `publish` writes this
 * instance's standing and reads the others', in one statement; the read's snapshot may predate the write (see
 * QuotaAuthority: a decision rests on a standing published by an earlier call).
 */
export interface StandingBoard {
  publish(id: string, standing: Standing): Promise<OthersStanding>;
  withdraw(id: string): Promise<void>;
}

/** What the authority asks of the quota's owner (QuotaService) when the route changes. */
export interface RouteChanges {
  /**
   * Redis's counters are no longer used (the store's gate is closed before this is called): resolves once the
   * operations under way have settled and every unit counted in Redis is written to the ledger; rejects when
   * those units could not be written (it is tried again).
   */
  leaveRedis(): Promise<void>;
  /** Before units are counted in Redis again: re-seed the counters of the rows charged in the ledger meanwhile. */
  prepareRedis(): Promise<void>;
  /** Open or close the store's gate: whether quota operations go to Redis. */
  useRedis(open: boolean): void;
}

type Phase = 'redis' | 'to-ledger' | 'ledger' | 'to-redis';

/** How often an instance publishes its standing and reads the others'. */
export const STANDING_INTERVAL_MS = 200;
/** An instance whose standing is older than this is taken to be gone: its row is ignored. */
export const STANDING_LEASE_MS = 3000;
/** The longest a charge waits for the instances to agree on a route (only PostgreSQL not answering takes this long). */
export const ROUTE_TIMEOUT_MS = 5000;

/**
 * No route for a charge within ROUTE_TIMEOUT_MS: the instances can only agree through PostgreSQL, so this is
 * PostgreSQL not answering (SQLSTATE 57P03, "cannot connect now": the contract's 503, the request not billed).
 */
export class NoQuotaRouteError extends Error {
  readonly code = '57P03';
  constructor() {
    super('No quota route: the instances could not agree through PostgreSQL in time');
  }
}

/**
 * Decides, with the other instances, where this one counts quota units, so that at no moment does one instance
 * count in Redis while another charges the ledger: the two would not see each other's units, and a quota of N
 * would let more than N requests through (issue 35: one instance cut off from Redis while the others reach it).
 *
 * The rule: while any live instance is away from Redis, all charge the ledger; otherwise all count in Redis. Each
 * switch is two-sided, like Dekker's flags: an instance first publishes its intent (chargesLedger, or
 * countsInRedis), and switches only when a later read, made after that publication committed, shows no other
 * instance on the other side. Before charging the ledger it has stopped counting in Redis and written every unit
 * it counted there; before counting in Redis it has stopped charging the ledger, and the counters of the rows
 * charged meanwhile are re-seeded. Charges that arrive during a switch wait for its end (a few hundred ms).
 *
 * Assumed: every instance that counts in Redis reaches PostgreSQL. One that has not published for
 * STANDING_LEASE_MS is taken to be gone; if it was instead cut off from PostgreSQL while another was cut off from
 * Redis (two faults at once), the quota can be passed (docs/DECISIONS.md).
 */
export class QuotaAuthority {
  readonly id = randomUUID();
  private readonly logger = new Logger('Quota');
  private phase: Phase;
  private localAway: boolean;
  /** The standing of the last publish that committed: decisions rest on it. */
  private committed: Standing | null = null;
  private waiting: { resolve: (route: QuotaRoute) => void; reject: (error: Error) => void }[] = [];
  /** Ledger charges under way, which must end before this instance says it no longer charges the ledger. */
  private ledgerCharges = 0;
  private ledgerIdle?: () => void;
  private leftRedis = false;
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly board: StandingBoard,
    private readonly changes: RouteChanges,
    awayAtStart: boolean,
    private readonly intervalMs = STANDING_INTERVAL_MS,
    private readonly routeTimeoutMs = ROUTE_TIMEOUT_MS,
  ) {
    this.localAway = awayAtStart;
    this.phase = awayAtStart ? 'to-ledger' : 'to-redis';
    // Nothing has been counted in Redis yet.
    this.leftRedis = true;
    this.changes.useRedis(false);
  }

  /** The route now, when it is settled; null during a switch. */
  get route(): QuotaRoute | null {
    return this.phase === 'redis' || this.phase === 'ledger' ? this.phase : null;
  }

  /** Publishes at once and then every interval; resolves when a route is settled (or after ROUTE_TIMEOUT_MS). */
  async start(): Promise<void> {
    this.timer = setInterval(() => this.beat(), this.intervalMs);
    this.timer.unref();
    this.beat();
    await this.turn().catch(() => undefined);
  }

  /** Stops publishing and withdraws this instance's row (a clean stop: the others need not wait for its lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating;
    await this.board.withdraw(this.id).catch(() => undefined);
  }

  /** Redis went away from this instance (true), or is back and has stayed so for the grace period (false). */
  setLocalAway(away: boolean): void {
    if (away === this.localAway) return;
    this.localAway = away;
    if (away) this.leave();
    this.beat();
  }

  /**
   * The route for a charge that Redis's counters did not take: 'ledger' (charge it there, and call `done`
   * after), or 'redis' (try Redis again). Waits while a switch is under way.
   */
  async turn(): Promise<QuotaRoute> {
    if (this.route) return this.route;
    return new Promise<QuotaRoute>((resolve, reject) => {
      const waiter = {
        resolve: (route: QuotaRoute) => {
          clearTimeout(timer);
          resolve(route);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(new NoQuotaRouteError());
      }, this.routeTimeoutMs);
      this.waiting.push(waiter);
    });
  }

  /** Runs a ledger charge when the route is the ledger; 'redis' when it is Redis again (try there). */
  async inLedger<T>(charge: () => Promise<T>): Promise<T | 'redis'> {
    for (;;) {
      const route = await this.turn();
      if (route === 'redis') return 'redis';
      // Still the ledger's turn once the promise has resolved (a switch may have begun in between)?
      if (this.phase !== 'ledger') continue;
      this.ledgerCharges += 1;
      try {
        return await charge();
      } finally {
        this.ledgerCharges -= 1;
        if (this.ledgerCharges === 0) this.ledgerIdle?.();
      }
    }
  }

  /** What this instance publishes in its phase. */
  private standing(): Standing {
    const away = this.localAway;
    switch (this.phase) {
      case 'redis':
        return { away, countsInRedis: true, chargesLedger: false };
      case 'to-ledger':
        // Units counted in Redis and not yet written are still "in Redis": nobody may charge the ledger yet.
        return { away, countsInRedis: !this.leftRedis, chargesLedger: true };
      case 'ledger':
        return { away, countsInRedis: false, chargesLedger: true };
      case 'to-redis': {
        const idle = this.ledgerCharges === 0;
        return { away, countsInRedis: idle, chargesLedger: !idle };
      }
    }
  }

  /** Publish and step, one at a time; a beat asked for meanwhile runs right after. */
  private beat(): void {
    if (this.stopped) return;
    if (this.beating) {
      this.again = true;
      return;
    }
    this.beating = this.publishAndStep()
      .catch((error: Error) => this.logger.warn(`Quota route: ${error.message}`))
      .finally(() => {
        this.beating = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.beat();
        }
      });
  }

  private async publishAndStep(): Promise<void> {
    const standing = this.standing();
    let others: OthersStanding;
    try {
      others = await this.board.publish(this.id, standing);
    } catch (error) {
      // PostgreSQL does not answer: nothing changes (a switch waits; see ROUTE_TIMEOUT_MS).
      this.committed = null;
      throw error;
    }
    const before = this.committed;
    this.committed = standing;
    await this.step(before, others);
  }

  /** One step of the switch, on the others' standings read after `before` was committed. */
  private async step(before: Standing | null, others: OthersStanding): Promise<void> {
    const wantLedger = this.localAway || others.away;
    switch (this.phase) {
      case 'redis':
        if (wantLedger) this.leave();
        break;
      case 'ledger':
        if (!wantLedger) {
          this.phase = 'to-redis';
          this.logger.log('Every instance reaches Redis again: quotas return to it');
          this.beat();
        }
        break;
      case 'to-ledger':
        // Nobody is away any more, and nothing was charged in the ledger yet: back towards Redis.
        if (!wantLedger) {
          this.phase = 'to-redis';
          this.beat();
          break;
        }
        if (!this.leftRedis) await this.writeRedisUnits();
        if (this.leftRedis && before?.chargesLedger && !others.countsInRedis) this.settle('ledger');
        break;
      case 'to-redis':
        if (wantLedger) {
          this.phase = 'to-ledger';
          break;
        }
        if (before?.countsInRedis && !others.chargesLedger) {
          await this.changes.prepareRedis();
          if (this.phase !== 'to-redis') break; // Redis went away meanwhile
          this.changes.useRedis(true);
          this.leftRedis = false;
          this.settle('redis');
        } else if (this.ledgerCharges > 0) {
          // Its own last ledger charges first; then it says it no longer charges the ledger.
          await new Promise<void>((resolve) => (this.ledgerIdle = resolve));
          this.ledgerIdle = undefined;
          this.beat();
        }
        break;
    }
  }

  /** Stops counting in Redis at once; the units counted there are written before the ledger is charged. */
  private leave(): void {
    if (this.phase !== 'redis' && this.phase !== 'to-redis') return;
    const wasCounting = this.phase === 'redis';
    this.phase = 'to-ledger';
    this.changes.useRedis(false);
    if (wasCounting) {
      this.leftRedis = false;
      this.logger.warn(
        this.localAway
          ? 'Redis does not answer here: quotas go to PostgreSQL on every instance until it does'
          : 'Another instance cannot reach Redis: quotas go to PostgreSQL until it can',
      );
      void this.writeRedisUnits().then(() => this.beat());
    }
  }

  private writing?: Promise<void>;

  private writeRedisUnits(): Promise<void> {
    this.writing ??= this.changes
      .leaveRedis()
      .then(() => {
        this.leftRedis = true;
      })
      .catch((error: Error) => this.logger.warn(`Units counted in Redis not written yet: ${error.message}`))
      .finally(() => (this.writing = undefined));
    return this.writing;
  }

  private settle(route: QuotaRoute): void {
    this.phase = route;
    const waiting = this.waiting;
    this.waiting = [];
    for (const waiter of waiting) waiter.resolve(route);
  }
}
