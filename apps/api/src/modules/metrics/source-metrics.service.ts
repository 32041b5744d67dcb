import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from './metrics.service';

interface SourceRow {
  lottery_tag: string;
  consecutive_failures: number;
  last_success_at: Date | null;
}

/** A scrape never waits longer than this for the database: the gauges are left out instead. */
const QUERY_TIMEOUT_MS = 1000;

/**
 * The state of each lottery's enabled draw source, for operators' alerts, read from `draw_sources` when Prometheus
 * scrapes (one small query per scrape, never per request; every instance reports the same rows, whichever polls):
 * - `lottery_source_up{lottery}`: 1 when the last attempt succeeded (or none was made yet), 0 when it failed;
 * - `lottery_source_consecutive_failures{lottery}`: failed attempts since the last success;
 * - `lottery_source_last_success_timestamp_seconds{lottery}`: when it last answered (left out until it has).
 * How far behind a lottery is, is `lottery_hours_behind{lottery}` (FreshnessMetrics), for every scheduled lottery.
 * When the database does not answer within a second, the scrape goes on without these gauges.
 */
@Injectable()
export class SourceMetrics implements OnModuleInit {
  private readonly logger = new Logger(SourceMetrics.name);
  /** The query of the scrape under way: the registry collects every gauge at once, and they share it. */
  private pending?: Promise<SourceRow[] | null>;

  constructor(
    private readonly metrics: MetricsService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const gauge = (name: string, help: string, value: (row: SourceRow) => number | null) => {
      const rows = () => this.rows();
      new Gauge({
        name,
        help,
        labelNames: ['lottery'] as const,
        registers: [this.metrics.registry],
        async collect() {
          const read = await rows();
          this.reset();
          for (const row of read ?? []) {
            const figure = value(row);
            if (figure !== null) this.labels(row.lottery_tag).set(figure);
          }
        },
      });
    };
    gauge(
      'lottery_source_up',
      "1 when the last attempt to fetch the lottery's draw source succeeded (or none was made yet), 0 when it failed.",
      (row) => (row.consecutive_failures > 0 ? 0 : 1),
    );
    gauge(
      'lottery_source_consecutive_failures',
      "Failed attempts to fetch the lottery's draw source since it last answered.",
      (row) => row.consecutive_failures,
    );
    gauge(
      'lottery_source_last_success_timestamp_seconds',
      "When the lottery's draw source last answered (Unix time; absent until it has).",
      (row) => (row.last_success_at === null ? null : row.last_success_at.getTime() / 1000),
    );
  }

  /** The enabled sources' rows, read once for the gauges of one scrape; null when the database did not answer. */
  private rows(): Promise<SourceRow[] | null> {
    this.pending ??= this.read().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async read(): Promise<SourceRow[] | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.dataSource.query<SourceRow[]>(
          `SELECT lottery_tag, consecutive_failures, last_success_at FROM draw_sources WHERE enabled`,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)),
            QUERY_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      // Readiness and the database's own outage logs say the database is down: one line at debug per scrape.
      this.logger.debug(`Source gauges left out of this scrape: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
