import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/**
 * The Prometheus registry (MetricsService), for whoever records a figure (metering, webhooks, freshness). GET /metrics
 * is MetricsEndpointModule's: its route is guarded like every other, and the guards' own module records metrics
 * through this one, so the registry and the route cannot share a module without a cycle.
 */
@Module({
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
