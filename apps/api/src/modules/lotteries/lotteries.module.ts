import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AdminLotteriesController } from './admin-lotteries.controller';
import { LotteriesController } from './lotteries.controller';
import { LotteryWriteService } from './lottery-write.service';
import { FreshnessMetrics } from './schedule/freshness-metrics.service';
import { MetricsModule } from '../metrics/metrics.module';
import { GuardsModule } from '../guards/guards.module';

/**
 * Lotteries: the metered lottery reads (answered by the catalog, CatalogModule), their administration (writes
 * reload the catalog) and the freshness gauge. The rules of a lottery are pure code in domain/; draws are in
 * DrawsModule.
 */
@Module({
  imports: [GuardsModule, MetricsModule, CatalogModule],
  controllers: [LotteriesController, AdminLotteriesController],
  providers: [LotteryWriteService, FreshnessMetrics],
})
export class LotteriesModule {}
