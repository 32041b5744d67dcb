import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { ApiError } from '../../common/errors/api-error';
import { SETTINGS } from '../../config/settings.module';
import { derivedKey, type Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';

/**
 * Failed attempts one client, one device or one session gets before its back-off starts (at least 2: a first or
 * forgotten failure never blocks).
 */
export const FREE_FAILURES = 5;
/**
 * Failed log-ins at one address from all the clients no device cookie vouches for, before their common back-off
 * starts. Far above what typing mistakes reach (5 per client), so that strangers rarely lock the owner's new
 * devices out; low enough to stop a guess spread over many client addresses: 100 is NIST SP 800-63B's ceiling
 * (5.2.2) for failures on one account, and past it the whole crowd gets one guess per back-off, at most 15 minutes.
 */
export const ACCOUNT_FREE_FAILURES = 100;
/** The first back-off; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 15 * 60_000;
/** Failures are forgotten after a day without one, so that old typing mistakes do not weigh on a new one. */
export const FORGET_AFTER_MS = 24 * 3_600_000;
/** How often stale rows (nothing left to remember) are deleted. */
const PRUNE_INTERVAL_MS = 3_600_000;

/** One count an attempt is made against. */
export interface BackoffCounter {
  /** Its row's key: a keyed hash, so that the table holds no address, IP or id in clear. */
  key: string;
  /** Failures before its back-off starts. */
  freeFailures: number;
  /** A right password forgets its failures; else it only takes back its own count (see succeeded). */
  forgetOnSuccess: boolean;
}

/**
 * Counts an attempt against every counter at once, in one statement, unless one of them is in its back-off: then
 * it counts none and answers when the longest back-off ends. The counters' existing rows are locked first (in key
 * order, as the keys are inserted), so that concurrent attempts on the same counters are counted one after the
 * other: a burst gets no more verifications than a sequence. Each counter's block starts with its freeFailures-th
 * failure and doubles with each further one; a row whose last failure is older than the forgetting horizon starts
 * again from one.
 *   $1 keys (sorted), $2 their free failures, $3 now, $4 the forgetting horizon, $5 FIRST_BACKOFF_MS,
 *   $6 MAX_BACKOFF_MS.
 */
const COUNT_ATTEMPT = `
  WITH counters AS (
    SELECT * FROM unnest($1::text[], $2::int[]) AS c(key_hash, free_failures)
  ), held AS (
    SELECT blocked_until FROM login_failures
    WHERE key_hash = ANY($1::text[]) ORDER BY key_hash FOR UPDATE
  ), refusal AS (
    SELECT max(blocked_until) AS until FROM held WHERE blocked_until > $3::timestamptz
  ), counted AS (
    INSERT INTO login_failures AS f (key_hash, failures, last_failed_at, blocked_until)
    SELECT key_hash, 1, $3::timestamptz, NULL FROM counters WHERE (SELECT until FROM refusal) IS NULL
    ON CONFLICT (key_hash) DO UPDATE SET
      failures = CASE WHEN f.last_failed_at < $4::timestamptz THEN 1 ELSE f.failures + 1 END,
      last_failed_at = $3::timestamptz,
      blocked_until = (
        SELECT CASE
          WHEN f.last_failed_at < $4::timestamptz OR f.failures + 1 < c.free_failures THEN NULL
          ELSE $3::timestamptz
            + LEAST($6::float8, $5::float8 * power(2, LEAST(f.failures + 1 - c.free_failures, 30)))
            * interval '1 millisecond'
        END
        FROM counters c WHERE c.key_hash = f.key_hash
      )
    RETURNING 1
  )
  SELECT (SELECT until FROM refusal) AS refused_until, (SELECT count(*) FROM counted)::int AS counted`;

/**
 * A right password: the counters that forget on success lose their row; the others (the address's ceiling) take
 * back the failure the attempt was counted as, and the back-off that it alone may have started.
 *   $1 keys, $2 their free failures, $3 whether each forgets on success.
 */
const COUNT_SUCCESS = `
  WITH counters AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::bool[]) AS c(key_hash, free_failures, forget)
  ), forgotten AS (
    DELETE FROM login_failures f USING counters c WHERE f.key_hash = c.key_hash AND c.forget
  )
  UPDATE login_failures f SET
    failures = f.failures - 1,
    blocked_until = CASE WHEN f.failures - 1 < c.free_failures THEN NULL ELSE f.blocked_until END
  FROM counters c
  WHERE f.key_hash = c.key_hash AND NOT c.forget AND f.failures > 0`;

/**
 * Failed password attempts, with a growing back-off (contract section 3's abuse limits): past a counter's free
 * failures, attempts are refused with the contract's 429 and Retry-After, without verifying the password, for
 * 1 s, then 2 s, 4 s … up to 15 minutes; the right password works again once the back-off has passed.
 *
 * Counted so that guessing is slowed without letting a stranger lock the owner out, after OWASP's "Slow Down
 * Online Guessing Attacks with Device Cookies"
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * - the log-in form from an unknown client counts against its (address, client IP) pair, FREE_FAILURES, and
 *   against the address's ceiling for all such clients, ACCOUNT_FREE_FAILURES: a stranger's failures block only
 *   the stranger, and a guess spread over many IPs still ends up slowed down;
 * - from a device that logged in before (its signed device cookie, DeviceCookie in the auth module) it counts
 *   against that device alone, so neither strangers nor the ceiling refuse the owner's browser;
 * - a signed-in holder's current password (CurrentPasswordCheck) counts against the account's sessions, apart
 *   from the log-in form: strangers cannot block a password change, yet a stolen session gets no more guesses.
 *
 * Kept in PostgreSQL (login_failures), so every instance sees the same counts, exactly, whatever Redis does; an
 * attempt already costs an Argon2 verification, next to which the row's write is small. The address's counters
 * are kept whether or not it has an account, so that the back-off tells no one whether one exists. Keys are
 * HMACs under a key derived from the JWT secret: the table says nothing about who tried what from where, even to
 * someone who can read it and guess addresses.
 *
 * An attempt is counted as a failure before its password is verified, and forgotten if it succeeds.
 */
@Injectable()
export class LoginBackoff implements OnModuleInit, OnModuleDestroy {
  private pruneTimer?: NodeJS.Timeout;
  private readonly keyOfKeys: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.keyOfKeys = derivedKey(settings, 'login back-off keys');
  }

  /**
   * The log-in form for `email` (normalised) from a client no device cookie vouches for: `client` is its address
   * as the per-address limits see it (an IPv6 address by its /64).
   */
  fromClient(email: string, client: string): BackoffCounter[] {
    return [
      { key: this.key('client', email, client), freeFailures: FREE_FAILURES, forgetOnSuccess: true },
      { key: this.key('address', email), freeFailures: ACCOUNT_FREE_FAILURES, forgetOnSuccess: false },
    ];
  }

  /** The log-in form from a device whose cookie names this account (checked by the caller). */
  fromDevice(accountId: string, deviceId: string): BackoffCounter[] {
    return [
      { key: this.key('device', accountId, deviceId), freeFailures: FREE_FAILURES, forgetOnSuccess: true },
    ];
  }

  /** The current password a signed-in holder of the account gives to confirm a serious step. */
  inSession(accountId: string): BackoffCounter[] {
    return [{ key: this.key('session', accountId), freeFailures: FREE_FAILURES, forgetOnSuccess: true }];
  }

  /** Counts one attempt against `counters`, or refuses it with 429 and Retry-After while a back-off runs. */
  async attempt(counters: BackoffCounter[]): Promise<void> {
    const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
    const now = this.clock.now();
    const [row] = (await this.dataSource.query(COUNT_ATTEMPT, [
      sorted.map((counter) => counter.key),
      sorted.map((counter) => counter.freeFailures),
      now.toISOString(),
      new Date(now.getTime() - FORGET_AFTER_MS).toISOString(),
      FIRST_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ])) as { refused_until: Date | string | null }[];
    if (row.refused_until !== null) this.refuse(new Date(row.refused_until), now);
  }

  /**
   * The attempt's password was right: the client's, device's or session's failures are forgotten; the address's
   * ceiling only takes back this attempt (the owner's success says nothing of a guesser elsewhere, and a script
   * that logs in without keeping cookies must not fill the ceiling).
   */
  async succeeded(counters: BackoffCounter[]): Promise<void> {
    await this.dataSource.query(COUNT_SUCCESS, [
      counters.map((counter) => counter.key),
      counters.map((counter) => counter.freeFailures),
      counters.map((counter) => counter.forgetOnSuccess),
    ]);
  }

  /** Deletes the rows without a failure for FORGET_AFTER_MS (their back-off ended long before). */
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

  /** A counter's row key: parts joined by NUL (which none of them holds), under the back-off's own key. */
  private key(...parts: string[]): string {
    return createHmac('sha256', this.keyOfKeys).update(parts.join('\0')).digest('hex');
  }

  private refuse(until: Date, now: Date): never {
    this.metrics.rateLimitRejections.inc();
    const { status, body } = ApiError.tooManyRequests();
    throw new ApiError(status, body, {
      'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))),
    });
  }
}
