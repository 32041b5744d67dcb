import { Injectable } from '@nestjs/common';
import { Counter, type Metric, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestStats } from './request-stats';

/** Prometheus metrics (GET /metrics): requests by route and status, latency, quota and rate-limit refusals. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  /** Requests and their latency, by route: counted per request, turned into metrics when read. */
  private readonly requestStats = new RequestStats();

  readonly quotaRejections = new Counter({
    name: 'quota_rejections_total',
    help: 'Metered requests refused because the monthly quota was used up.',
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429.',
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: delivered, retry (failed, will be retried), failed (gave up).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly unexpectedErrors = new Counter({
    name: 'unexpected_errors_total',
    help: 'Requests answered with 500.',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.requestStats.requests as unknown as Metric);
    this.registry.registerMetric(this.requestStats.latency as unknown as Metric);
  }

  /** One answered request (the response hook). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requestStats.record(method, route, status, seconds);
    if (status === 500) this.unexpectedErrors.inc();
  }
}
