import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuardsModule } from '../guards/guards.module';
import { DrawExportController } from './draw-export.controller';
import { DrawExportService } from './draw-export.service';

/** The bulk export of a lottery's draws (issue 46, contract section 12), from the read model. */
@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [DrawExportController],
  providers: [DrawExportService],
})
export class ExportModule {}
