import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { freshnessOf, nextDrawOf } from '../lotteries/domain/draw-freshness';
import { DrawSource } from './draw-source.entity';
import { DrawSyncService } from './draw-sync.service';
import { retryDelayMs } from './sync-backoff';
import { releaseLease, tryLease } from './sync-lease';

/**
 * Polls each enabled source after each expected draw until the draw appears (SYNC=on only, so tests and the
 * zero-set-up demo never reach the network). Every SYNC_CHECK_INTERVAL_MS it looks at each scheduled lottery with
 * a source: when a draw that has taken place is missing (freshness awaiting or stale) and the source's next
 * attempt is due, it syncs; if the draw is still missing the next attempt backs off exponentially, with jitter.
 * Once current, the next attempt is set to just after the next scheduled draw.
 *
 * With several instances only the holder of the lease row polls; it renews the lease before each source, and an
 * instance that stops (or dies: the lease expires) leaves the polling to another one.
 */
@Injectable()
export class SyncScheduler implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Sync');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly stopping = new AbortController();
  private leader = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly sync: DrawSyncService,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Called by StartupService once the instance is prepared (see WebhookDeliveryWorker.start). */
  start(): void {
    if (!this.settings.sync.enabled) return;
    this.logger.log(`Scheduler on (instance ${this.sync.instanceId})`);
    this.later();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.running;
    if (this.leader) await releaseLease(this.dataSource, this.sync.instanceId).catch(() => undefined);
  }

  /** The lease outlives a whole check: one source at most per renewal, each bounded by the fetch timeout. */
  private get leaseMs(): number {
    return 3 * this.settings.sync.checkIntervalMs + 2 * this.settings.sync.timeoutMs;
  }

  private later(): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.check()
        .catch((error: Error) => this.logger.error(`Scheduler check failed: ${error.message}`))
        .finally(() => this.later());
    }, this.settings.sync.checkIntervalMs);
    this.timer.unref();
  }

  /** One pass over the sources (public for tests that drive the scheduler step by step). */
  async check(): Promise<void> {
    // Before the start-up has migrated and loaded the catalog there is nothing to compare against.
    if (!this.catalog.loaded) return;
    const sources = await this.dataSource.getRepository(DrawSource).find({ where: { enabled: true } });
    for (const source of sources) {
      if (this.stopping.signal.aborted) return;
      if (!this.catalog.has(source.lotteryTag)) continue;
      const schedule = this.catalog.snapshot(source.lotteryTag).record.schedule;
      // Without a calendar there is no expected draw to wait for: such sources are synced by hand (CLI).
      if (schedule === null) continue;
      if (!(await this.holdLease())) return;
      await this.checkSource(source, schedule);
    }
  }

  private async holdLease(): Promise<boolean> {
    const held = await tryLease(this.dataSource, this.sync.instanceId, this.leaseMs);
    if (held !== this.leader)
      this.logger.log(held ? 'This instance now polls the sources' : 'Another instance polls the sources');
    this.leader = held;
    return held;
  }

  private async checkSource(
    source: DrawSource,
    schedule: NonNullable<ReturnType<LotteryCatalog['snapshot']>['record']['schedule']>,
  ): Promise<void> {
    const tag = source.lotteryTag;
    const now = this.clock.now();
    const missing = () =>
      freshnessOf(schedule, this.catalog.snapshot(tag).record.lastDraw, this.clock.now()).status !==
      'current';
    let step = source.backoffStep;
    if (missing()) {
      if (source.nextAttemptAt !== null && source.nextAttemptAt > now) return;
      await this.sync.syncLottery(tag, { signal: this.stopping.signal });
      step = missing() ? step + 1 : 0;
    } else step = 0;

    const { retryMinMs, retryMaxMs } = this.settings.sync;
    const next = nextDrawOf(schedule, this.clock.now());
    const nextAttemptAt =
      step > 0
        ? new Date(this.clock.now().getTime() + retryDelayMs(step - 1, retryMinMs, retryMaxMs))
        : next === null
          ? null
          : new Date(Date.parse(next.at) + retryMinMs);
    if (step === source.backoffStep && nextAttemptAt?.getTime() === source.nextAttemptAt?.getTime()) return;
    await this.dataSource.query(
      'UPDATE draw_sources SET backoff_step = $2, next_attempt_at = $3 WHERE lottery_tag = $1',
      [tag, step, nextAttemptAt],
    );
  }
}
