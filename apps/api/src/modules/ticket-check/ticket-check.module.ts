import { Module } from '@nestjs/common';
import { LotteriesModule } from '../lotteries/lotteries.module';
import { TicketCheckController } from './ticket-check.controller';
import { TicketCheckService } from './ticket-check.service';

/** The ticket check (issue 22): lines against draws, with the prize division each won, from the read model. */
@Module({
  imports: [LotteriesModule],
  controllers: [TicketCheckController],
  providers: [TicketCheckService],
})
export class TicketCheckModule {}
