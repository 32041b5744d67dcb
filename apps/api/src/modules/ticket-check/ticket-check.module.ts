import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { TicketCheckController } from './ticket-check.controller';
import { TicketCheckService } from './ticket-check.service';
import { GuardsModule } from '../guards/guards.module';

/** The ticket check (issue 22): lines against draws, with the prize division each won, from the read model. */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [TicketCheckController],
  providers: [TicketCheckService],
})
export class TicketCheckModule {}
