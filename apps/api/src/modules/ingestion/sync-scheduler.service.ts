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
import { Deadline } from '../../common/deadline';

/**
 * The first look at the sources comes this soon after start-up (or after SYNC_CHECK_INTERVAL_MS when that is
 * shorter): a service just started catches up within seconds, not a whole interval later, and still after it
 * listens and reports ready (start-up never waits for a source).
 */
export const FIRST_CHECK_DELAY_MS = 5000;

/**
 * Polls each enabled source after each expected draw until the draw appears (on by default; SYNC=off turns it
 * off, as the tests, the benchmarks and the command-line tool do). Every SYNC_CHECK_INTERVAL_MS it looks at each
 * scheduled lottery with a source: when a draw that has taken place is missing (freshness awaiting or stale) and
 * the source's next attempt is due, it syncs, asking conditionally (a source that answers 304 sent nothing new);
 * if the draw is still missing, whether the source failed or had nothing new, the next attempt backs off
 * exponentially, with jitter, up to SYNC_RETRY_MAX_MS (6 hours by default: a source that stays down, or a lottery
 * whose bundle is years behind its source, costs a few requests a day). Once current, the next attempt is set to
 * just after the next scheduled draw. Checks run on timers, off the request path and out of readiness.
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
  /** Why the last check failed (a database outage): logged when it starts, changes and ends, not every check. */
  private checkFailure: string | null = null;

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
    this.logger.log(`Scheduler on (instance ${this.sync.instanceId}; SYNC=off turns it off)`);
    this.later(Math.min(FIRST_CHECK_DELAY_MS, this.settings.sync.checkIntervalMs));
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

  private later(delayMs = this.settings.sync.checkIntervalMs): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.check()
        .then(() => {
          if (this.checkFailure !== null) this.logger.log('Scheduler checks work again');
          this.checkFailure = null;
        })
        .catch((error: Error) => {
          if (error.message === this.checkFailure)
            this.logger.debug(`Scheduler check failed again: ${error.message}`);
          else this.logger.error(`Scheduler check failed: ${error.message}`);
          this.checkFailure = error.message;
        })
        .finally(() => this.later());
    }, delayMs);
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
      const { schedule, retiredOn } = this.catalog.snapshot(source.lotteryTag).record;
      // Without a calendar there is no expected draw to wait for: such sources are synced by hand (CLI). A game that
      // has ended has none to come.
      if (schedule === null || retiredOn !== null) continue;
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
      await this.sync.syncLottery(tag, { signal: this.stopping.signal, conditional: true }, Deadline.NONE);
      // Interrupted by the shutdown: the source did not fail, its back-off stays as it was.
      if (this.stopping.signal.aborted) return;
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
