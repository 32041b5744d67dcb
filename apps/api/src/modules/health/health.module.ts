import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LotteriesModule } from '../lotteries/lotteries.module';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), LotteriesModule],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
