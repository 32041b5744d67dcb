import type { Socket } from 'node:net';
import { Client, type ClientConfig, type QueryResult } from 'pg';
import { WorkAbandonedError } from '../common/deadline';

/**
 * A query that got no answer within the bound: the connection was cut (a partition, a hung server). SQLSTATE
 * 08006 (connection failure) so that it is answered like a refused connection: 503 with Retry-After.
 */
export class QueryTimeoutError extends Error {
  readonly code = '08006';
  constructor(timeoutMs: number) {
    super(`Query timeout: no answer from PostgreSQL within ${timeoutMs} ms; the connection was discarded`);
    this.name = 'QueryTimeoutError';
  }
}

/**
 * The bounds every pooled connection keeps once the service is up (`enforce()`, after start-up's migrations and
 * bulk loads, which may legitimately run long).
 */
export class QueryBounds {
  private enforced = false;

  /**
   * @param timeoutMs how long any one query may go unanswered before its connection is discarded
   * @param serverSessions a PostgreSQL server (not the embedded engine): its sessions also get server-side limits
   */
  constructor(
    readonly timeoutMs: number,
    readonly serverSessions: boolean,
  ) {}

  enforce(): void {
    this.enforced = true;
  }

  get active(): boolean {
    return this.enforced;
  }

  /**
   * How much earlier than the client gives up the server must refuse a commit: the two clocks may disagree by up
   * to a second (NTP keeps them far closer), and a short bound leaves at least half of itself for the commit.
   */
  get commitMarginMs(): number {
    return Math.min(1_000, this.timeoutMs / 2);
  }
}

type QueryCallback = (error: Error | null, result?: QueryResult) => void;
interface TextQuery {
  text: string;
  values?: unknown[];
}

/** SQL's first keyword, upper-case ('START' for START TRANSACTION). */
function leadingKeyword(text: string): string {
  const match = /^\s*([A-Za-z]+)/.exec(text);
  return match ? match[1].toUpperCase() : '';
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const WRITING_CTE = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;

/**
 * pg's Client, for the pool (`extra.Client`), with every round trip bounded and no effect after the caller gave up:
 *
 * - each query has `bounds.timeoutMs` to be answered; past it the socket is reset (RST: nothing still queued in the
 *   kernel is retransmitted once the network heals), the query fails with QueryTimeoutError and the pool drops the
 *   connection, which rolls back whatever transaction it held;
 * - every COMMIT is sent as `SELECT commit_guard(deadline); COMMIT` in one message: a COMMIT that reaches the
 *   server after the client has given up on it (held in a partition, delivered at the heal) is refused there;
 *   the deadline is the client's own give-up time less a margin for the clocks, or the work's deadline
 *   (`withinDeadline`) if earlier;
 * - a write outside a transaction gets one (BEGIN, the write, the guarded COMMIT) for the same reason;
 * - on a server, each session gets `statement_timeout` a little above the bound, and
 *   `idle_in_transaction_session_timeout`, so a session the client abandoned in a partition frees its locks;
 * - `abandon()` cuts the connection at once: the caller (a request answered 408 or 503) gave up on its work.
 * TCP keepalive finds a silent peer of an idle connection.
 */
export function boundedClient(bounds: QueryBounds): typeof Client {
  return class BoundedClient extends Client {
    private inTransaction = false;
    private sessionBounded = false;
    private workDeadline = Number.POSITIVE_INFINITY;
    private stoppedBy: Error | null = null;
    private readonly inFlight = new Set<(error: Error) => void>();

    constructor(config?: string | ClientConfig) {
      const options = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      super({ ...options, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    }

    /** The commit of the work under way must not land after `at` (epoch ms); Infinity clears it. */
    withinDeadline(at: number): void {
      this.workDeadline = at;
    }

    /** Cuts the connection: what the caller started is rolled back, and nothing it queued is sent. */
    abandon(reason: Error = new WorkAbandonedError()): void {
      if (this.stoppedBy) return;
      this.stoppedBy = reason;
      // pg keeps its socket on `connection.stream` (no public handle).
      const stream = (this as unknown as { connection?: { stream?: Partial<Socket> } }).connection?.stream;
      try {
        if (stream?.resetAndDestroy) stream.resetAndDestroy();
        else stream?.destroy?.();
      } catch {
        // Only a TCP socket can be reset: the embedded engine's Unix socket throws (ERR_INVALID_HANDLE_TYPE) and is
        // closed plainly. Thrown here, in a request's give-up, it was an uncaught exception.
        stream?.destroy?.();
      }
      // Not queryable from now on, before the socket's close event: the flag pg-pool reads on release to
      // discard the connection instead of lending it again.
      (this as unknown as { _queryable: boolean })._queryable = false;
      for (const stop of this.inFlight) stop(reason);
      this.inFlight.clear();
    }

    // pg's overloads: (text | config, values?, callback?) or a Submittable (a cursor, a stream), passed through.
    override query(...args: unknown[]): never {
      const [first, second, third] = args;
      const query: TextQuery | null =
        typeof first === 'string'
          ? { text: first, values: Array.isArray(second) ? second : undefined }
          : isTextQuery(first)
            ? first
            : null;
      const callback = [second, third].find((arg): arg is QueryCallback => typeof arg === 'function');
      const superQuery = super.query as (...a: unknown[]) => never;
      if (!query || !bounds.active) return superQuery.apply(this, args);
      const answer = this.bounded(query.text, query.values);
      if (!callback) return answer as never;
      answer.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      return undefined as never;
    }

    private async bounded(text: string, values: unknown[] | undefined): Promise<QueryResult> {
      if (this.stoppedBy) throw this.stoppedBy;
      if (bounds.serverSessions && !this.sessionBounded) {
        this.sessionBounded = true;
        const idleMs = Math.max(30_000, 10 * bounds.timeoutMs);
        await this.timed(
          `SET statement_timeout = ${bounds.timeoutMs + 500}; SET idle_in_transaction_session_timeout = ${idleMs}`,
        );
      }
      const keyword = leadingKeyword(text);
      if (keyword === 'BEGIN' || keyword === 'START') {
        const result = await this.timed(text, values);
        this.inTransaction = true;
        return result;
      }
      if (keyword === 'COMMIT' || keyword === 'END') return this.commit();
      if (keyword === 'ROLLBACK' && !/^\s*ROLLBACK\s+TO\b/i.test(text)) {
        this.inTransaction = false;
        return this.timed(text, values);
      }
      const writes = WRITES.has(keyword) || (keyword === 'WITH' && WRITING_CTE.test(text));
      if (this.inTransaction || !writes) return this.timed(text, values);
      // A write on its own: inside a transaction of its own, so that its COMMIT carries the guard.
      await this.timed('BEGIN');
      this.inTransaction = true;
      try {
        const result = await this.timed(text, values);
        await this.commit();
        return result;
      } catch (error) {
        if (this.inTransaction && !this.stoppedBy) await this.timed('ROLLBACK').catch(() => undefined);
        this.inTransaction = false;
        throw error;
      }
    }

    /** COMMIT, refused by the server itself if it arrives after the client stopped waiting for it. */
    private async commit(): Promise<QueryResult> {
      const deadline = Math.min(Date.now() + bounds.timeoutMs, this.workDeadline) - bounds.commitMarginMs;
      const guarded = `SELECT commit_guard('${new Date(deadline).toISOString()}'); COMMIT`;
      try {
        const results = (await this.timed(guarded)) as unknown as QueryResult[];
        return results[results.length - 1];
      } finally {
        this.inTransaction = false;
      }
    }

    /** One round trip within the bound; past it, the connection is cut. */
    private timed(text: string, values?: unknown[]): Promise<QueryResult> {
      const superQuery = super.query as (text: string, values?: unknown[]) => Promise<QueryResult>;
      const sent = superQuery.call(this, text, values);
      return new Promise<QueryResult>((resolve, reject) => {
        const stop = (error: Error) => {
          clearTimeout(timer);
          reject(error);
        };
        const timer = setTimeout(
          () => this.abandon(new QueryTimeoutError(bounds.timeoutMs)),
          bounds.timeoutMs,
        );
        this.inFlight.add(stop);
        sent.then(
          (result) => {
            clearTimeout(timer);
            this.inFlight.delete(stop);
            resolve(result);
          },
          (error: Error) => {
            clearTimeout(timer);
            this.inFlight.delete(stop);
            reject(this.stoppedBy ?? error);
          },
        );
      });
    }
  };
}

function isTextQuery(value: unknown): value is TextQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TextQuery).text === 'string' &&
    typeof (value as { submit?: unknown }).submit !== 'function'
  );
}

/** The bounded client behind a query runner's connection, if the pool is made of them. */
export function asBoundedClient(
  connection: unknown,
): { withinDeadline(at: number): void; abandon(reason?: Error): void } | null {
  const candidate = connection as { withinDeadline?: unknown; abandon?: unknown } | null;
  return typeof candidate?.withinDeadline === 'function' && typeof candidate.abandon === 'function'
    ? (candidate as { withinDeadline(at: number): void; abandon(reason?: Error): void })
    : null;
}
