import { Module } from '@nestjs/common';
import { GuardsModule } from '../guards/guards.module';
import { MetricsController } from './metrics.controller';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MetricsModule } from './metrics.module';
import { SourceMetrics } from './source-metrics.service';

/**
 * GET /metrics: the registry's text for Prometheus, behind METRICS_TOKEN when it is set; and the draw sources'
 * gauges, which read their table at scrape time (registered here, once per application).
 */
@Module({
  imports: [MetricsModule, GuardsModule],
  controllers: [MetricsController],
  providers: [MetricsTokenGuard, SourceMetrics],
})
export class MetricsEndpointModule {}
