import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Settings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';

/** Rows per DELETE, and statements per round: each stays short, what is left waits for the next round. */
const BATCH = 1_000;
const MAX_BATCHES = 50;
const INTERVAL_MS = 3_600_000;
const FIRST_AFTER_MS = 60_000;

/**
 * Deletes the change feed's events committed more than CHANGES_RETENTION_DAYS ago, oldest first, and moves the
 * horizon to the last one deleted in the same statement, so that a cursor from before it is answered 410, never
 * served a feed with a hole. Every instance prunes in bounded batches; SKIP LOCKED keeps them off each other's rows.
 */
@Injectable()
export class ChangesRetention implements OnApplicationShutdown {
  private readonly logger = new Logger('Changes');
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

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round; answers how many events went. */
  async prune(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const [{ deleted }] = await this.dataSource.query<{ deleted: number }[]>(
        `WITH doomed AS (
           SELECT id FROM draw_changes
            WHERE commit_seq IS NOT NULL AND committed_at < now() - $1::int * interval '1 day'
            ORDER BY commit_seq, id LIMIT $2 FOR UPDATE SKIP LOCKED),
         gone AS (
           DELETE FROM draw_changes c USING doomed WHERE c.id = doomed.id RETURNING c.commit_seq, c.id),
         last AS (SELECT commit_seq, id FROM gone ORDER BY commit_seq DESC, id DESC LIMIT 1),
         moved AS (
           UPDATE draw_change_horizon h SET commit_seq = last.commit_seq, change_id = last.id
             FROM last WHERE h.id = 1 AND (last.commit_seq, last.id) > (h.commit_seq, h.change_id)
           RETURNING 1)
         SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM moved)::int AS moved`,
        [this.settings.changes.retentionDays, BATCH],
      );
      total += deleted;
      if (deleted < BATCH) break;
    }
    return total;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.prune()
        .then((deleted) => {
          if (deleted) this.logger.log(`Retention: deleted ${deleted} old change feed events`);
        })
        .catch((error: Error) => this.logger.warn(`Change feed retention round failed: ${error.message}`))
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }
}
