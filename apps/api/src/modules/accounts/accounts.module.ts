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
import { MetricsModule } from '../metrics/metrics.module';
import { CurrentPasswordCheck } from './current-password-check';
import { LoginBackoff } from './login-backoff';

/** What the module provides, all of it for the modules that import it (auth, password reset, e-mail change). */
const SERVICES = [
  AccountsService,
  AccountViewService,
  PasswordHasher,
  DemoAccountService,
  LoginBackoff,
  CurrentPasswordCheck,
];

@Module({
  imports: [
    GuardsModule,
    MeteringModule,
    MetricsModule,
    TypeOrmModule.forFeature([Account]),
    LicensesModule,
    TokensModule,
  ],
  controllers: [ProfileController, AdminAccountsController],
  providers: SERVICES,
  exports: SERVICES,
})
export class AccountsModule {}
