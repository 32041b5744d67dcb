import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LicensesModule } from '../licenses/licenses.module';
import { TokensModule } from '../tokens/tokens.module';
import { Account } from './account.entity';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { AdminAccountsController } from './admin-accounts.controller';
import { DemoAccountService } from './demo-account.service';
import { PasswordHasher } from './password-hasher.service';
import { ProfileController } from './profile.controller';
import { MeteringModule } from '../metering/metering.module';
import { GuardsModule } from '../guards/guards.module';

@Module({
  imports: [
    GuardsModule,
    MeteringModule,
    TypeOrmModule.forFeature([Account]),
    LicensesModule,
    TokensModule,
  ],
  controllers: [ProfileController, AdminAccountsController],
  providers: [AccountsService, AccountViewService, PasswordHasher, DemoAccountService],
  exports: [AccountsService, AccountViewService, PasswordHasher, DemoAccountService],
})
export class AccountsModule {}
