import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AdminConflictsController } from './admin-conflicts.controller';
import { AdminSourcesController } from './admin-sources.controller';
import { ConflictsService } from './conflicts.service';
import { DrawIngestService } from './draw-ingest.service';
import { DrawSyncService } from './draw-sync.service';
import { SourcesService } from './sources.service';
import { SyncScheduler } from './sync-scheduler.service';
import { GuardsModule } from '../guards/guards.module';

/**
 * Ingestion from the operators' publications (issue 11): sources configured in data, adapters that read them,
 * syncs that write through the draw rules, conflicts for administrators, and the scheduler (on unless SYNC=off).
 */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [AdminSourcesController, AdminConflictsController],
  providers: [SourcesService, ConflictsService, DrawIngestService, DrawSyncService, SyncScheduler],
  exports: [DrawSyncService, SyncScheduler],
})
export class IngestionModule {}
