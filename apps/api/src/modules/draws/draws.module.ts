import { Module } from '@nestjs/common';
import { LotteriesModule } from '../lotteries/lotteries.module';
import { AdminDrawsController } from './admin-draws.controller';
import { BundledDataService } from './bundled-data.service';
import { DrawImportService } from './draw-import.service';
import { DrawProvenanceService } from './draw-provenance.service';
import { DrawWriteService } from './draw-write.service';
import { DrawsController } from './draws.controller';

/** Draws: metered reads, administration, CSV import and the bundled-data loader (used at start-up and by the CLI). */
@Module({
  imports: [LotteriesModule],
  controllers: [DrawsController, AdminDrawsController],
  providers: [DrawWriteService, DrawImportService, DrawProvenanceService, BundledDataService],
  exports: [BundledDataService, DrawImportService, LotteriesModule],
})
export class DrawsModule {}
