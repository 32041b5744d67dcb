import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuardsModule } from '../guards/guards.module';
import { ChangesController } from './changes.controller';
import { ChangesRetention } from './changes-retention';
import { ChangesService } from './changes.service';

/**
 * The public change feed (issue 46, contract section 12): `GET /changes` over the log that every draw write fills
 * (change-log.ts, called by the webhooks' outbox), and its retention.
 */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [ChangesController],
  providers: [ChangesService, ChangesRetention],
  exports: [ChangesRetention],
})
export class ChangesModule {}
