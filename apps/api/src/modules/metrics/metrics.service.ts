import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics (GET /metrics): requests by route and status, latency, quota and rate-limit refusals. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

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
  }

  /** Per-label-set children, so a request costs a map lookup rather than hashing its labels (called per request). */
  private readonly children = new Map<
    string,
    { requests: { inc(): void }; latency: { observe(v: number): void } }
  >();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let child = this.children.get(key);
    if (!child) {
      child = {
        requests: this.requests.labels(method, route, String(status)),
        latency: this.latency.labels(method, route),
      };
      this.children.set(key, child);
    }
    child.requests.inc();
    child.latency.observe(seconds);
    if (status === 500) this.unexpectedErrors.inc();
  }
}
