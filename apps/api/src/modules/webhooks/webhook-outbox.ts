import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { logChanges } from '../changes/change-log';
import {
  ACCOUNT_ACTIVE_SQL,
  droppedForAccount,
  droppedForSubscription,
  pendingCapsOf,
} from './webhook-pending-caps';
import type { WebhookEventType } from './webhook-subscription.entity';

/** A change to report: what happened to which lottery's draw, with the draw as the API serves it. */
export interface DrawEvent {
  type: WebhookEventType;
  lottery: string;
  draw: unknown;
  /** `draw.prizes` only: what the draw paid, as `GET …/draw/{date}/prizes` answers it. */
  prizes?: unknown;
}

/** Subscriptions that want an event `e` (type, lottery), of accounts that are enabled and licensed. */
const WANTS = `s.enabled AND s.events ? e.type AND (s.lotteries IS NULL OR s.lotteries ? e.lottery)`;

/**
 * Writes the events to the public change feed's log (every event: change-log.ts) and to the outbox, with one
 * delivery per enabled subscription of an active account (enabled, licensed) that wants each, in the caller's
 * transaction: the draw change and its events commit together or not at all. Events no subscription wants are not
 * stored in the outbox. Two statements whatever the number of events (a CSV import may bring thousands). The
 * subscriptions joined are locked (FOR KEY SHARE): one deleted concurrently is skipped or waits, so a draw write
 * never fails on a delivery's foreign key.
 *
 * Pending deliveries are capped (WEBHOOK_MAX_PENDING_PER_SUBSCRIPTION, WEBHOOK_MAX_PENDING_PER_ACCOUNT): a
 * delivery past either cap is written `failed`, never attempted, with why in `last_error`, so its owner sees in
 * the delivery log what was dropped, and a dead receiver cannot make the outbox grow without bound. Events are
 * taken in order: the earliest fit, the latest are dropped. Two draw writes at the same moment may each fill the
 * last places (the caps bound growth; they are not an exact quota).
 */
export async function enqueueDrawEvents(manager: EntityManager, events: DrawEvent[]): Promise<void> {
  if (events.length === 0) return;
  const caps = pendingCapsOf(manager.connection);
  const createdAt = new Date().toISOString();
  const rows = events.map((event) => {
    const id = randomUUID();
    const body = JSON.stringify({
      id,
      type: event.type,
      createdAt,
      data: {
        lottery: event.lottery,
        draw: event.draw,
        ...(event.prizes === undefined ? {} : { prizes: event.prizes }),
      },
    });
    return { id, type: event.type, lottery: event.lottery, body };
  });
  // The public feed (GET /changes) carries every event, with the same id and body, subscribed or not.
  await logChanges(manager, rows);
  await manager.query(
    `WITH stored AS (
       INSERT INTO webhook_events (id, type, lottery_tag, body, created_at)
       SELECT e.id, e.type, e.lottery, e.body, $5::timestamptz
         FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[]) AS e(id, type, lottery, body)
        WHERE EXISTS (SELECT 1 FROM webhook_subscriptions s JOIN accounts a ON a.id = s.account_id
                       WHERE ${WANTS} AND ${ACCOUNT_ACTIVE_SQL})
       RETURNING id, type, lottery_tag AS lottery),
     wanted AS (
       SELECT e.id AS event_id, o.ord, s.id AS subscription_id, s.account_id
         FROM stored e
         JOIN unnest($1::uuid[]) WITH ORDINALITY AS o(id, ord) ON o.id = e.id
         JOIN webhook_subscriptions s ON ${WANTS}
         JOIN accounts a ON a.id = s.account_id AND ${ACCOUNT_ACTIVE_SQL}
          FOR KEY SHARE OF s),
     subscription_pending AS (
       SELECT w.subscription_id, count(d.id) AS waiting
         FROM (SELECT DISTINCT subscription_id FROM wanted) w
         LEFT JOIN webhook_deliveries d ON d.subscription_id = w.subscription_id AND d.status = 'pending'
        GROUP BY w.subscription_id),
     account_pending AS (
       SELECT w.account_id, count(d.id) AS waiting
         FROM (SELECT DISTINCT account_id FROM wanted) w
         JOIN webhook_subscriptions s ON s.account_id = w.account_id
         LEFT JOIN webhook_deliveries d ON d.subscription_id = s.id AND d.status = 'pending'
        GROUP BY w.account_id),
     within_subscription AS (
       SELECT w.*, ap.waiting AS account_waiting,
              sp.waiting + row_number() OVER (PARTITION BY w.subscription_id ORDER BY w.ord) <= $6 AS fits
         FROM wanted w
         JOIN subscription_pending sp ON sp.subscription_id = w.subscription_id
         JOIN account_pending ap ON ap.account_id = w.account_id),
     -- The account's places go to deliveries its subscription's cap let through, in event order.
     decided AS (
       SELECT ws.event_id, ws.subscription_id, ws.fits AS fits_subscription,
              ws.fits AND ws.account_waiting + row_number() OVER (
                PARTITION BY ws.account_id, ws.fits ORDER BY ws.ord, ws.subscription_id) <= $7 AS fits
         FROM within_subscription ws)
     INSERT INTO webhook_deliveries (event_id, subscription_id, status, last_error)
     SELECT event_id, subscription_id,
            CASE WHEN fits THEN 'pending' ELSE 'failed' END,
            CASE WHEN fits THEN NULL WHEN NOT fits_subscription THEN $8 ELSE $9 END
       FROM decided`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.type),
      rows.map((r) => r.lottery),
      rows.map((r) => r.body),
      createdAt,
      caps.perSubscription,
      caps.perAccount,
      droppedForSubscription(caps.perSubscription),
      droppedForAccount(caps.perAccount),
    ],
  );
}
