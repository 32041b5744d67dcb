import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AdminDrawsController } from './admin-draws.controller';
import { BundledDataService } from './bundled-data.service';
import { DrawImportService } from './draw-import.service';
import { DrawProvenanceService } from './draw-provenance.service';
import { DrawWriteService } from './draw-write.service';
import { DrawsController } from './draws.controller';
import { GuardsModule } from '../guards/guards.module';

/** Draws: metered reads, administration, CSV import and the bundled-data loader (used at start-up and by the CLI). */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [DrawsController, AdminDrawsController],
  providers: [DrawWriteService, DrawImportService, DrawProvenanceService, BundledDataService],
  exports: [BundledDataService, DrawImportService],
})
export class DrawsModule {}
