import { Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { rewriteEmptyLotteryTag } from './modules/lotteries/empty-tag-url';
import type { Settings } from './config/settings';
import type { DatabaseEngine } from './database/database.module';
import { EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres';
import { StartupReport, StartupService } from './startup/startup.service';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

export interface RunningApp {
  app: NestFastifyApplication;
  report: StartupReport;
  /** The PostgreSQL in use (the embedded engine's socket URL when DATABASE_URL is unset). */
  databaseUrl: string;
  engine: DatabaseEngine;
  /** Closes the app (flushing usage counters), then the embedded database if one was started. */
  close(): Promise<void>;
}

/**
 * Creates the configured, migrated and seeded application: shared by main.ts, the CLI and the HTTP tests.
 * Uses DATABASE_URL (or `databaseUrl`) when given, otherwise starts the embedded PostgreSQL in DATA_DIR.
 */
export async function createApp(
  settings: Settings,
  options: { databaseUrl?: string; engine?: DatabaseEngine } = {},
): Promise<RunningApp> {
  let embedded: EmbeddedPostgres | undefined;
  const databaseUrl =
    options.databaseUrl ??
    settings.databaseUrl ??
    (embedded = await startEmbeddedPostgres(join(settings.dataDir, 'pg'))).url;
  const engine: DatabaseEngine = options.engine ?? (embedded ? 'embedded' : 'server');
  try {
    const adapter = new FastifyAdapter({
      trustProxy: settings.trustProxy,
      bodyLimit: 10 * 1024 * 1024,
      requestIdHeader: 'x-request-id',
      genReqId: () => randomUUID(),
      routerOptions: { ignoreTrailingSlash: true },
      rewriteUrl: (request: { url?: string }) => rewriteEmptyLotteryTag(request.url ?? '/'),
    });
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register({ settings, databaseUrl, engine }),
      adapter,
      {
        logger: LEVELS.slice(0, LEVELS.indexOf(settings.logLevel) + 1),
      },
    );
    await configureApp(app, settings);
    await app.init();
    const report = await app.get(StartupService).prepare();
    return {
      app,
      report,
      databaseUrl,
      engine,
      async close() {
        await app.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop().catch((e: Error) => new Logger('Bootstrap').error(e.message));
    throw error;
  }
}
