import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { NumberStatsController } from './number-stats.controller';
import { NumberStatsService } from './number-stats.service';

/** Number statistics (issue 23): frequencies and gaps per value, from the read model. */
@Module({
  imports: [CatalogModule],
  controllers: [NumberStatsController],
  providers: [NumberStatsService],
})
export class NumberStatsModule {}
