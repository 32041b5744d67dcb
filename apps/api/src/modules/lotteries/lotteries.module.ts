import { Module } from '@nestjs/common';
import { AdminLotteriesController } from './admin-lotteries.controller';
import { LotteryCatalog } from './catalog/lottery-catalog.service';
import { LotteriesController } from './lotteries.controller';
import { LotteryWriteService } from './lottery-write.service';
import { FreshnessMetrics } from './schedule/freshness-metrics.service';

/**
 * The lottery catalogue: the in-memory read model of lotteries and draws (LotteryCatalog, kept current by its
 * writers and the change feed), the metered lottery reads and their administration. Draws are in DrawsModule.
 */
@Module({
  controllers: [LotteriesController, AdminLotteriesController],
  providers: [LotteryCatalog, LotteryWriteService, FreshnessMetrics],
  exports: [LotteryCatalog],
})
export class LotteriesModule {}
