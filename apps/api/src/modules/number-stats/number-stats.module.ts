import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { NumberStatsController } from './number-stats.controller';
import { NumberStatsService } from './number-stats.service';
import { GuardsModule } from '../guards/guards.module';

/** Number statistics (issue 23): frequencies and gaps per value, from the read model. */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [NumberStatsController],
  providers: [NumberStatsService],
})
export class NumberStatsModule {}
