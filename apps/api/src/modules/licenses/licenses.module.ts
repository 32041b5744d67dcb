import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminLicensesController } from './admin-licenses.controller';
import { LicensesController } from './licenses.controller';
import { License } from './license.entity';
import { LicensesService } from './licenses.service';
import { GuardsModule } from '../guards/guards.module';

@Module({
  imports: [GuardsModule, TypeOrmModule.forFeature([License])],
  controllers: [LicensesController, AdminLicensesController],
  providers: [LicensesService],
  exports: [LicensesService],
})
export class LicensesModule {}
