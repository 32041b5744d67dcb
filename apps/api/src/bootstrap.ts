import { Logger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { rewriteEmptyLotteryTag } from './modules/lotteries/empty-tag-url';
import { DEFAULT_BODY_LIMIT } from './common/http/body-limit';
import { handleClientError, handleFrameworkError } from './common/http/client-errors';
import { limitConnectionsPerClient } from './common/http/connection-limit';
import { drainHttp, trackAnswers } from './common/http/graceful-drain';
import { nextRequestId } from './common/http/request-id';
import { createRootLogger, flushLogs } from './common/logging/root-logger';
import { lazyRequestLogger } from './common/logging/request-logger';
import { embeddedDataDir, type Settings } from './config/settings';
import type { DatabaseEngine } from './database/database.module';
import type { PasswordHashCost } from './modules/accounts/password-hash-cost';
import { EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres';
import { logsWritten, QuietBootLogger } from './startup/boot-logger';
import { StartupReport, StartupService } from './startup/startup.service';

export interface RunningApp {
  app: NestFastifyApplication;
  report: StartupReport;
  /** The PostgreSQL in use (the embedded engine's socket URL when DATABASE_URL is unset). */
  databaseUrl: string;
  engine: DatabaseEngine;
  /** Closes the app (flushing usage counters), then the embedded database if one was started. */
  close(): Promise<void>;
  /** Resolves once every line logged so far is on stdout (main.ts prints its banner after them). */
  logsWritten(): Promise<void>;
}

/**
 * Creates the configured, migrated and seeded application: shared by main.ts, the CLI and the HTTP tests.
 * Uses DATABASE_URL (or `databaseUrl`) when given, otherwise starts the embedded PostgreSQL in DATA_DIR.
 */
export async function createApp(
  settings: Settings,
  options: {
    databaseUrl?: string;
    engine?: DatabaseEngine;
    logDestination?: DestinationStream;
    /** Modules added to the API's own (see AppOptions). */
    extraModules?: Type[];
    /** See AppOptions. */
    passwordHashCost?: PasswordHashCost;
  } = {},
): Promise<RunningApp> {
  let embedded: EmbeddedPostgres | undefined;
  const databaseUrl =
    options.databaseUrl ??
    settings.databaseUrl ??
    (embedded = await startEmbeddedPostgres(embeddedDataDir(settings))).url;
  const engine: DatabaseEngine = options.engine ?? (embedded ? 'embedded' : 'server');
  const logger = createRootLogger(settings.logLevel, settings.logFormat, options.logDestination);
  try {
    const adapter = new FastifyAdapter({
      // Structured logs: every request gets a child logger bound to its id; the one access line per request is
      // written by configureApp's onResponse hook (Fastify's own two lines per request are turned off).
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: lazyRequestLogger,
      trustProxy: settings.trustProxy,
      // Every route's limit unless it declares a larger one with @BodyLimit (configureApp's applyBodyLimits).
      bodyLimit: DEFAULT_BODY_LIMIT,
      // A caller's X-Request-Id is kept when it looks like one (it ends up in logs and headers), else one is made.
      requestIdHeader: false,
      genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
        acceptableRequestId(request.headers['x-request-id']) ?? nextRequestId(),
      routerOptions: { ignoreTrailingSlash: true },
      rewriteUrl: (request: { url?: string }) => rewriteEmptyLotteryTag(request.url ?? '/'),
      // Slow clients: all headers within HEADERS_TIMEOUT_MS, the whole request within BODY_TIMEOUT_MS (checked
      // every second), else the contract's 408 (handleClientError).
      http: { headersTimeout: settings.headersTimeoutMs, connectionsCheckingInterval: 1000 },
      requestTimeout: settings.bodyTimeoutMs,
      clientErrorHandler: handleClientError,
      frameworkErrors: handleFrameworkError,
      // During a graceful shutdown, requests already on a connection are served (with Connection: close).
      return503OnClosing: false,
    });
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register({
        settings,
        databaseUrl,
        engine,
        logger,
        extraModules: options.extraModules,
        passwordHashCost: options.passwordHashCost,
      }),
      adapter,
      {
        bufferLogs: true,
        // Body parsers are configureApp's: depth-limited JSON and CSV as text.
        bodyParser: false,
      },
    );
    app.useLogger(new QuietBootLogger(app.get(PinoNestLogger)));
    await configureApp(app, settings);
    limitConnectionsPerClient(app.getHttpServer(), settings.maxConnectionsPerClient);
    const answering = trackAnswers(app.getHttpAdapter().getInstance());
    await app.init();
    const report = await app
      .get(StartupService)
      .prepare(embedded && (() => restartEngine(app.get(DataSource), embedded as EmbeddedPostgres)));
    let closing: Promise<void> | undefined;
    return {
      app,
      report,
      databaseUrl,
      engine,
      close() {
        closing ??= (async () => {
          // The order is what loses nothing: stop accepting and let every request in flight finish, then
          // flush the usage they counted and close Redis and the database (Nest's shutdown hooks), last the
          // embedded engine.
          await drainHttp(app.getHttpAdapter().getInstance(), answering, settings.shutdownTimeoutMs);
          await app.close();
          await embedded?.stop();
          // The last access lines, before main.ts ends the process.
          await flushLogs(logger);
        })();
        return closing;
      },
      logsWritten: () => logsWritten(logger),
    };
  } catch (error) {
    await embedded?.stop().catch((e: Error) => new Logger('Bootstrap').error(e.message));
    throw error;
  }
}

/**
 * The embedded engine after the bundled data load: loading grows its WebAssembly memory, which it would keep for
 * good; a restart (≈ 0.5 s, on the first start only) gives it back (measured: 422 → 389 MB resident). The pool is closed around it, so
 * that no query runs on a connection to the stopped engine.
 */
async function restartEngine(dataSource: DataSource, embedded: EmbeddedPostgres): Promise<void> {
  await dataSource.destroy();
  await embedded.restart();
  await dataSource.initialize();
}

/** A request id from a client is used only when it is short and plain. */
function acceptableRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && /^[\w.:-]{1,128}$/.test(value) ? value : undefined;
}
