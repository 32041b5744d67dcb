import { Module } from '@nestjs/common';
import { LotteriesModule } from '../lotteries/lotteries.module';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

@Module({
  imports: [LotteriesModule],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
