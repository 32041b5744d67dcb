import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuardsModule } from '../guards/guards.module';
import { AdminPrizesController } from './admin-prizes.controller';
import { PrizesController } from './prizes.controller';
import { PrizeWriteService } from './prize-write.service';

/** What draws paid: the metered reads (from the catalog) and administrators' writes. */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [PrizesController, AdminPrizesController],
  providers: [PrizeWriteService],
})
export class PrizesModule {}
