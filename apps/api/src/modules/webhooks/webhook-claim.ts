import type { DataSource } from 'typeorm';
import { ACCOUNT_ACTIVE_SQL } from './webhook-pending-caps';
import { TEST_EVENT_TYPE } from './webhook-subscription.entity';

/** A delivery claimed for sending, with what sending it needs. */
export interface Claimed {
  id: string;
  attempts: number;
  created_at: Date;
  event_id: string;
  type: string;
  body: string;
  subscription_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

export interface ClaimLimits {
  /** At most this many (this instance's free sending slots). */
  slots: number;
  /** How long the claim holds (`locked_until`): past it, the delivery is due again (its sender died). */
  leaseMs: number;
  /** Deliveries in flight per account, over every instance, this claim included. */
  perAccount: number;
}

/**
 * Claims due deliveries fairly, in one statement, so that no account (and no dead receiver) holds the others:
 * - one delivery in flight per subscription, over every instance: a subscription with one leased is skipped, and
 *   each other subscription offers only its oldest due delivery (its deliveries go out one after another);
 * - round-robin across accounts: every account's first subscription before any account's second, an account
 *   with deliveries already in flight after those with fewer; at most `perAccount` in flight per account;
 * - deliveries of disabled or unlicensed accounts are held (stay pending, not sent) until the account is active;
 *   a disabled subscription's draw events wait too (its tests are sent: they are how owners check);
 * - FOR UPDATE SKIP LOCKED and the lease: two instances never claim the same delivery; the claim's conditions are
 *   checked again on the row locked.
 */
export async function claimDue(dataSource: DataSource, limits: ClaimLimits): Promise<Claimed[]> {
  const [rows] = await dataSource.query(
    `WITH leased AS (
       SELECT d.subscription_id, s.account_id
         FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.locked_until > now() AND d.status = 'pending'),
     heads AS (
       SELECT h.id, s.account_id, h.next_attempt_at
         FROM (SELECT DISTINCT subscription_id FROM webhook_deliveries
                WHERE status = 'pending' AND next_attempt_at <= now()) due
         JOIN webhook_subscriptions s ON s.id = due.subscription_id
         JOIN accounts a ON a.id = s.account_id AND ${ACCOUNT_ACTIVE_SQL}
        CROSS JOIN LATERAL (
              SELECT d.id, d.next_attempt_at
                FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
               WHERE d.subscription_id = s.id AND d.status = 'pending' AND d.next_attempt_at <= now()
                 AND (d.locked_until IS NULL OR d.locked_until < now())
                 AND (s.enabled OR e.type = $4)
               ORDER BY d.created_at, d.id
               LIMIT 1) h
        WHERE s.id NOT IN (SELECT subscription_id FROM leased)),
     turns AS (
       SELECT heads.id, heads.next_attempt_at,
              row_number() OVER (PARTITION BY heads.account_id ORDER BY heads.next_attempt_at, heads.id)
                + (SELECT count(*) FROM leased WHERE leased.account_id = heads.account_id) AS turn
         FROM heads),
     chosen AS (
       SELECT d.id
         FROM webhook_deliveries d JOIN turns t ON t.id = d.id
        WHERE t.turn <= $3 AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until < now())
        ORDER BY t.turn, t.next_attempt_at
        LIMIT $2
          FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d
        SET locked_until = now() + ($1::int * interval '1 millisecond'), attempts = d.attempts + 1,
            last_attempt_at = now()
       FROM chosen, webhook_subscriptions s, webhook_events e
      WHERE d.id = chosen.id AND s.id = d.subscription_id AND e.id = d.event_id
     RETURNING d.id, d.attempts, d.created_at, e.id AS event_id, e.type, e.body, s.id AS subscription_id, s.url,
               s.secret, s.previous_secret, s.previous_secret_expires_at`,
    [limits.leaseMs, limits.slots, limits.perAccount, TEST_EVENT_TYPE],
  );
  return rows as Claimed[];
}
