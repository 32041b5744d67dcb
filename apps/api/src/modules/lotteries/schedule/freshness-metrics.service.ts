import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Clock } from '../../../common/clock';
import { MetricsService } from '../../metrics/metrics.service';
import { LotteryCatalog } from '../../catalog/lottery-catalog.service';
import { lotteryFreshness } from '../domain/lottery-view';

/**
 * `lottery_hours_behind{lottery}` for operators' alerts: hours since the oldest missing draw of each scheduled
 * lottery (0 when current), computed when Prometheus scrapes.
 */
@Injectable()
export class FreshnessMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const catalog = this.catalog;
    const clock = this.clock;
    new Gauge({
      name: 'lottery_hours_behind',
      help: 'Hours since the oldest draw missing from a scheduled lottery took place (0 when current).',
      labelNames: ['lottery'] as const,
      registers: [this.metrics.registry],
      collect() {
        this.reset();
        if (!catalog.loaded) return;
        const now = clock.now();
        for (const lottery of catalog.records()) {
          // A game that has ended is never behind: 0, like a current one.
          const freshness = lotteryFreshness(lottery, now);
          if (freshness) this.labels(lottery.tag).set(freshness.hoursBehind);
        }
      },
    });
  }
}
