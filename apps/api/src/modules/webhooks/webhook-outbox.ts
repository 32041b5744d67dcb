import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from './webhook-subscription.entity';

/** A change to report: what happened to which lottery's draw, with the draw as the API serves it. */
export interface DrawEvent {
  type: WebhookEventType;
  lottery: string;
  draw: unknown;
}

/**
 * Writes the events to the outbox, with one pending delivery per enabled subscription that wants each, in the
 * caller's transaction: the draw change and its events commit together or not at all. Events no subscription
 * wants are not stored. One statement whatever the number of events (a CSV import may bring thousands). The
 * subscriptions joined are locked (FOR KEY SHARE): one deleted concurrently is skipped or waits, so a draw write
 * never fails on a delivery's foreign key.
 */
export async function enqueueDrawEvents(manager: EntityManager, events: DrawEvent[]): Promise<void> {
  if (events.length === 0) return;
  const createdAt = new Date().toISOString();
  const rows = events.map((event) => {
    const id = randomUUID();
    const body = JSON.stringify({
      id,
      type: event.type,
      createdAt,
      data: { lottery: event.lottery, draw: event.draw },
    });
    return { id, type: event.type, lottery: event.lottery, body };
  });
  await manager.query(
    `WITH stored AS (
       INSERT INTO webhook_events (id, type, lottery_tag, body, created_at)
       SELECT e.id, e.type, e.lottery, e.body, $5::timestamptz
         FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[]) AS e(id, type, lottery, body)
        WHERE EXISTS (SELECT 1 FROM webhook_subscriptions s
                       WHERE s.enabled AND s.events ? e.type AND (s.lotteries IS NULL OR s.lotteries ? e.lottery))
       RETURNING id, type, lottery_tag)
     INSERT INTO webhook_deliveries (event_id, subscription_id)
     SELECT stored.id, s.id FROM stored
       JOIN webhook_subscriptions s
         ON s.enabled AND s.events ? stored.type AND (s.lotteries IS NULL OR s.lotteries ? stored.lottery_tag)
        FOR KEY SHARE OF s`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.type),
      rows.map((r) => r.lottery),
      rows.map((r) => r.body),
      createdAt,
    ],
  );
}
