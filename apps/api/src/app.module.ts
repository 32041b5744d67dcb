import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AccessGuard } from './common/auth/access.guard';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { createValidationPipe } from './common/errors/validation.pipe';
import { RedisModule } from './common/redis/redis.module';
import { RequestTimeoutInterceptor } from './common/request-timeout.interceptor';
import { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { DatabaseEngine, DatabaseModule } from './database/database.module';
import { StartupModule } from './startup/startup.module';
import { AccessModule } from './modules/access/access.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AuthCoreModule } from './modules/auth/auth-core.module';
import { AuthModule } from './modules/auth/auth.module';
import { DrawsModule } from './modules/draws/draws.module';
import { HealthModule } from './modules/health/health.module';
import { LicensesModule } from './modules/licenses/licenses.module';
import { LotteriesModule } from './modules/lotteries/lotteries.module';
import { MeteringModule } from './modules/metering/metering.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { TokensModule } from './modules/tokens/tokens.module';

export interface AppOptions {
  settings: Settings;
  /** The PostgreSQL to use: DATABASE_URL, or the embedded engine started by the caller. */
  databaseUrl: string;
  engine: DatabaseEngine;
}

/** The whole API. Global guard, filter, pipe and interceptor are APP_* providers, so tests inherit them. */
@Module({})
export class AppModule {
  static register({ settings, databaseUrl, engine }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.register(settings),
        DatabaseModule.register(databaseUrl, engine),
        RedisModule,
        MetricsModule,
        MeteringModule,
        AccessModule,
        AuthCoreModule,
        StartupModule,
        HealthModule,
        AuthModule,
        AccountsModule,
        TokensModule,
        LicensesModule,
        LotteriesModule,
        DrawsModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: RequestTimeoutInterceptor },
      ],
    };
  }
}
