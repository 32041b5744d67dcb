import { Module } from '@nestjs/common';
import { GuardsModule } from '../guards/guards.module';
import { MetricsController } from './metrics.controller';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MetricsModule } from './metrics.module';

/** GET /metrics: the registry's text for Prometheus, behind METRICS_TOKEN when it is set. */
@Module({
  imports: [MetricsModule, GuardsModule],
  controllers: [MetricsController],
  providers: [MetricsTokenGuard],
})
export class MetricsEndpointModule {}
