import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiToken } from './api-token.entity';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { GuardsModule } from '../guards/guards.module';

@Module({
  imports: [GuardsModule, TypeOrmModule.forFeature([ApiToken])],
  controllers: [TokensController],
  providers: [TokensService],
  exports: [TokensService],
})
export class TokensModule {}
