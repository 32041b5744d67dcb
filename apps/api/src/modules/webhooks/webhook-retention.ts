import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';

/** Rows per DELETE: each statement stays short, whatever has piled up. */
const BATCH = 1_000;
/** Statements per table and round; what is left waits for the next round. */
const MAX_BATCHES = 50;
/** How often each instance prunes, and how long after start it first does. */
const INTERVAL_MS = 3_600_000;
const FIRST_AFTER_MS = 60_000;

/**
 * Deletes delivered and failed (dropped included) deliveries older than WEBHOOK_RETENTION_DAYS, then the events
 * older than that which no delivery refers to any more. Pending deliveries, held or retrying, are never deleted,
 * nor the events they send. Every instance prunes in bounded batches; SKIP LOCKED keeps several instances off each
 * other's rows.
 */
@Injectable()
export class WebhookRetention {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(FIRST_AFTER_MS);
  }

  /** No further round; a round under way ends first (shutdown closes the database after). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
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

  private async inBatches(statement: string, days: number): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      // On PostgreSQL, TypeORM answers a DELETE with [rows, affected count].
      const [, deleted] = await this.dataSource.query<[unknown[], number]>(statement, [days, BATCH]);
      total += deleted;
      if (deleted < BATCH) break;
    }
    return total;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.prune()
        .then(({ deliveries, events }) => {
          if (deliveries || events)
            this.logger.log(`Retention: deleted ${deliveries} old deliveries and ${events} old events`);
        })
        .catch((error: Error) => this.logger.warn(`Webhook retention round failed: ${error.message}`))
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }
}
