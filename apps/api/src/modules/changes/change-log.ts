import type { EntityManager } from 'typeorm';

/** An event as the webhooks' outbox made it: its id, type, lottery and JSON body. */
export interface LoggedChange {
  id: string;
  type: string;
  lottery: string;
  body: string;
}

/**
 * Writes the events to the public feed's log (draw-change.entity.ts), in the caller's transaction, whoever
 * subscribed to webhooks: the feed carries every draw event. Numbered in commit order when the transaction
 * commits (the migration's deferred trigger). One statement whatever the number of events.
 */
export async function logChanges(manager: EntityManager, changes: LoggedChange[]): Promise<void> {
  if (changes.length === 0) return;
  await manager.query(
    `INSERT INTO draw_changes (event_id, type, lottery_tag, body)
     SELECT e.id, e.type, e.lottery, e.body
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[]) WITH ORDINALITY
         AS e(id, type, lottery, body, ord)
      ORDER BY e.ord`,
    [
      changes.map((c) => c.id),
      changes.map((c) => c.type),
      changes.map((c) => c.lottery),
      changes.map((c) => c.body),
    ],
  );
}
