import { Module } from '@nestjs/common';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { DrawsModule } from '../modules/draws/draws.module';
import { StartupService } from './startup.service';

@Module({ imports: [AccountsModule, DrawsModule], providers: [StartupService], exports: [StartupService] })
export class StartupModule {}
