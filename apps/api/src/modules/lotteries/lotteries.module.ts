import { Module } from '@nestjs/common';
import { AdminLotteriesController } from './admin-lotteries.controller';
import { LotteriesController } from './lotteries.controller';
import { LotteryQueryService } from './lottery-query.service';
import { LotteryWriteService } from './lottery-write.service';

/** The lottery catalogue: metered reads and administration. Draws are in DrawsModule, which imports this one. */
@Module({
  controllers: [LotteriesController, AdminLotteriesController],
  providers: [LotteryQueryService, LotteryWriteService],
  exports: [LotteryQueryService],
})
export class LotteriesModule {}
