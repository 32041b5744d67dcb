import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { ApiError } from '../../common/errors/api-error';
import { MetricsService } from '../metrics/metrics.service';

/** Failed log-ins allowed before the back-off starts (at least 2: a first or forgotten failure never blocks). */
export const FREE_FAILURES = 5;
/** The first back-off; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 15 * 60_000;
/** Failures are forgotten after a day without one, so that old typing mistakes do not weigh on a new one. */
export const FORGET_AFTER_MS = 24 * 3_600_000;
/** How often stale rows (nothing left to remember) are deleted. */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Counts this attempt as a failure, in one atomic statement, unless a back-off is running: then it returns no
 * row. The block that starts with the FREE_FAILURES-th failure doubles with each further one; a row whose last
 * failure is older than FORGET_AFTER_MS starts again from one.
 *   $1 email hash, $2 now, $3 the forgetting horizon, $4 FREE_FAILURES, $5 FIRST_BACKOFF_MS, $6 MAX_BACKOFF_MS.
 */
const COUNT_ATTEMPT = `
  INSERT INTO login_failures AS f (email_hash, failures, last_failed_at, blocked_until)
  VALUES ($1, 1, $2::timestamptz, NULL)
  ON CONFLICT (email_hash) DO UPDATE SET
    failures = CASE WHEN f.last_failed_at < $3::timestamptz THEN 1 ELSE f.failures + 1 END,
    last_failed_at = $2::timestamptz,
    blocked_until = CASE
      WHEN f.last_failed_at < $3::timestamptz OR f.failures + 1 < $4::int THEN NULL
      ELSE $2::timestamptz + LEAST($6::float8, $5::float8 * power(2, LEAST(f.failures + 1 - $4::int, 30)))
        * interval '1 millisecond'
    END
  WHERE f.blocked_until IS NULL OR f.blocked_until <= $2::timestamptz
  RETURNING failures`;

/**
 * Failed log-ins per account, from any address, with a growing back-off (contract section 3's abuse limits):
 * after FREE_FAILURES failures, attempts are refused with the contract's 429 and Retry-After, without verifying
 * the password, for 1 s, then 2 s, 4 s … up to 15 minutes; the right password works again once the back-off has
 * passed, and a success forgets the failures.
 *
 * Kept in PostgreSQL (login_failures), so every instance sees the same count, exactly, whatever Redis does; a
 * log-in already costs an Argon2 verification, next to which the row's write is small. Keyed by the e-mail
 * address (its hash), known account or not, so that the back-off tells no one whether an account exists.
 *
 * An attempt is counted as a failure before its password is verified, and forgotten if it succeeds: so a burst
 * of concurrent guesses gets no more verifications than a sequence would.
 */
@Injectable()
export class LoginBackoff implements OnModuleInit, OnModuleDestroy {
  private pruneTimer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Counts one attempt at `email` (normalised), or refuses it with 429 and Retry-After while a back-off runs.
   * Answers the key to give to succeeded().
   */
  async attempt(email: string): Promise<string> {
    const key = emailKey(email);
    const now = this.clock.now();
    const counted: unknown[] = await this.dataSource.query(COUNT_ATTEMPT, [
      key,
      now.toISOString(),
      new Date(now.getTime() - FORGET_AFTER_MS).toISOString(),
      FREE_FAILURES,
      FIRST_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ]);
    if (counted.length === 0) await this.refuse(key, now);
    return key;
  }

  /** The attempt's password was right: its failures are forgotten. */
  async succeeded(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM login_failures WHERE email_hash = $1', [key]);
  }

  /** Deletes the rows of addresses without a failure for FORGET_AFTER_MS (their back-off ended long before). */
  async prune(): Promise<void> {
    const horizon = new Date(this.clock.now().getTime() - FORGET_AFTER_MS);
    await this.dataSource.query('DELETE FROM login_failures WHERE last_failed_at < $1::timestamptz', [
      horizon.toISOString(),
    ]);
  }

  onModuleInit(): void {
    // Every instance prunes; a DELETE of what another already deleted is harmless. A failed run waits for the
    // next (the rows are only storage: an old row counts as no failure anyway).
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.pruneTimer);
  }

  private async refuse(key: string, now: Date): Promise<never> {
    const [row] = (await this.dataSource.query(
      'SELECT blocked_until FROM login_failures WHERE email_hash = $1',
      [key],
    )) as { blocked_until: Date | string | null }[];
    const until = row?.blocked_until ? new Date(row.blocked_until).getTime() : now.getTime();
    this.metrics.rateLimitRejections.inc();
    const { status, body } = ApiError.tooManyRequests();
    // A success may have ended the back-off in between: the client may retry at once (1 s, the header's least).
    throw new ApiError(status, body, {
      'Retry-After': String(Math.max(1, Math.ceil((until - now.getTime()) / 1000))),
    });
  }
}

function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex');
}
