import { DynamicModule, Module, type Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { createValidationPipe } from './common/errors/validation.pipe';
import { ClockModule } from './common/clock.module';
import { LoggingModule } from './common/logging/logging.module';
import { RedisModule } from './common/redis/redis.module';
import { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { DatabaseEngine, DatabaseModule } from './database/database.module';
import { StartupModule } from './startup/startup.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AuthModule } from './modules/auth/auth.module';
import { PasswordResetModule } from './modules/password-reset/password-reset.module';
import { EmailChangeModule } from './modules/email-change/email-change.module';
import { EmailVerificationModule } from './modules/email-verification/email-verification.module';
import { DrawsModule } from './modules/draws/draws.module';
import { PrizesModule } from './modules/prizes/prizes.module';
import { HealthModule } from './modules/health/health.module';
import { HomeModule } from './modules/home/home.module';
import { IngestionModule } from './modules/ingestion/ingestion.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { LicensesModule } from './modules/licenses/licenses.module';
import { LotteriesModule } from './modules/lotteries/lotteries.module';
import { MetricsEndpointModule } from './modules/metrics/metrics-endpoint.module';
import { TokensModule } from './modules/tokens/tokens.module';
import { TicketCheckModule } from './modules/ticket-check/ticket-check.module';
import { NumberStatsModule } from './modules/number-stats/number-stats.module';
import { McpModule } from './modules/mcp/mcp.module';
import { ExportModule } from './modules/export/export.module';
import { ChangesModule } from './modules/changes/changes.module';
import { ENTITIES } from './entities';
import { ChangeFeedModule } from './modules/change-feed/change-feed.module';
import { PasswordHashCostModule, type PasswordHashCost } from './modules/accounts/password-hash-cost';

export interface AppOptions {
  settings: Settings;
  /** The PostgreSQL to use: DATABASE_URL, or the embedded engine started by the caller. */
  databaseUrl: string;
  engine: DatabaseEngine;
  /** The process's pino logger (createApp's); without it, Nest's own console logger is used. */
  logger?: Logger;
  /** Modules an embedder adds to the API (the HTTP specs declare routes of their own with them). */
  extraModules?: Type[];
  /** argon2id's cost; OWASP's minimum unless an embedder chooses (the HTTP specs choose a light one). */
  passwordHashCost?: PasswordHashCost;
}

/**
 * The whole API. The global filter and pipe are APP_* providers here (GuardsModule checks the routes at start-up), so
 * tests inherit them. There is no global interceptor: the request timeout is a Fastify hook (configure-app).
 */
@Module({})
export class AppModule {
  static register({
    settings,
    databaseUrl,
    engine,
    logger,
    extraModules = [],
    passwordHashCost,
  }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...(logger ? [LoggingModule.register(logger)] : []),
        SettingsModule.register(settings),
        PasswordHashCostModule.register(passwordHashCost),
        DatabaseModule.register({
          url: databaseUrl,
          engine,
          entities: ENTITIES,
          queryTimeoutMs: settings.databaseQueryTimeoutMs,
        }),
        ChangeFeedModule,
        RedisModule,
        ClockModule,
        MetricsEndpointModule,
        StartupModule,
        HealthModule,
        HomeModule,
        AuthModule,
        PasswordResetModule,
        EmailChangeModule,
        EmailVerificationModule,
        AccountsModule,
        TokensModule,
        LicensesModule,
        LotteriesModule,
        DrawsModule,
        PrizesModule,
        TicketCheckModule,
        NumberStatsModule,
        ExportModule,
        ChangesModule,
        McpModule,
        IngestionModule,
        WebhooksModule,
        ...extraModules,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
