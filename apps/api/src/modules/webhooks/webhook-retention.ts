import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { PRUNE_BATCH, pruneInBatches, UpkeepRounds } from '../../common/jobs/upkeep-rounds';

/**
 * Deletes delivered and failed (dropped included) deliveries older than WEBHOOK_RETENTION_DAYS, then the events
 * older than that which no delivery refers to any more. Pending deliveries, held or retrying, are never deleted,
 * nor the events they send. Every instance prunes in bounded batches; SKIP LOCKED keeps several instances off each
 * other's rows.
 */
@Injectable()
export class WebhookRetention {
  private readonly logger = new Logger('Webhooks');
  private readonly rounds = new UpkeepRounds(
    async () => {
      const { deliveries, events } = await this.prune();
      if (deliveries || events)
        this.logger.log(`Retention: deleted ${deliveries} old deliveries and ${events} old events`);
    },
    (error) => this.logger.warn(`Webhook retention round failed: ${error.message}`),
  );

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  start(): void {
    this.rounds.start();
  }

  /** No further round; a round under way ends first (shutdown closes the database after). */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round; answers how many rows went. */
  async prune(): Promise<{ deliveries: number; events: number }> {
    // The database's clock, which stamped the rows.
    const days = this.settings.webhooks.retentionDays;
    const deliveries = await this.inBatches(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries
          WHERE created_at < now() - $1::int * interval '1 day' AND status <> 'pending'
          LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      days,
    );
    const events = await this.inBatches(
      `DELETE FROM webhook_events WHERE id IN (
         SELECT e.id FROM webhook_events e
          WHERE e.created_at < now() - $1::int * interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
          LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      days,
    );
    return { deliveries, events };
  }

  private inBatches(statement: string, days: number): Promise<number> {
    return pruneInBatches(async () => {
      // On PostgreSQL, TypeORM answers a DELETE with [rows, affected count].
      const [, deleted] = await this.dataSource.query<[unknown[], number]>(statement, [days, PRUNE_BATCH]);
      return deleted;
    });
  }
}
