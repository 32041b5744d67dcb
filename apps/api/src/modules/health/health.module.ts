import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';
import { GuardsModule } from '../guards/guards.module';

@Module({
  imports: [GuardsModule, CatalogModule],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
