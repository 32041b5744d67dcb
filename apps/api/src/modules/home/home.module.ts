import { Module } from '@nestjs/common';
import { GuardsModule } from '../guards/guards.module';
import { HomeController } from './home.controller';

@Module({ imports: [GuardsModule], controllers: [HomeController] })
export class HomeModule {}
