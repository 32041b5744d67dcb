import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Settings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';
import { PRUNE_BATCH, pruneInBatches, UpkeepRounds } from '../../common/jobs/upkeep-rounds';

/**
 * Deletes the change feed's events committed more than CHANGES_RETENTION_DAYS ago, oldest first, and moves the
 * horizon to the last one deleted in the same statement, so that a cursor from before it is answered 410, never
 * served a feed with a hole. Every instance prunes in bounded batches; SKIP LOCKED keeps them off each other's rows.
 */
@Injectable()
export class ChangesRetention implements OnApplicationShutdown {
  private readonly logger = new Logger('Changes');
  private readonly rounds = new UpkeepRounds(
    async () => {
      const deleted = await this.prune();
      if (deleted) this.logger.log(`Retention: deleted ${deleted} old change feed events`);
    },
    (error) => this.logger.warn(`Change feed retention round failed: ${error.message}`),
  );

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  start(): void {
    this.rounds.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round; answers how many events went. */
  prune(): Promise<number> {
    return pruneInBatches(async () => {
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
        [this.settings.changes.retentionDays, PRUNE_BATCH],
      );
      return deleted;
    });
  }
}
