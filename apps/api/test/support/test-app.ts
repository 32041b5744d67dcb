import 'reflect-metadata';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Type } from '@nestjs/common';
import { Client } from 'pg';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { dataDirectoryRoot } from '../../../../tools/testing/data-directory-root';
import { createApp, RunningApp } from '../../src/bootstrap';
import { loadSettings } from '../../src/config/settings';
import { passwordStrength } from '../../src/modules/auth/password/password-strength';
import { endAfterFile } from './file-teardown';
import { forbidNetwork } from './no-network';
import { RUN_PREFIX, serverBaseUrl, TEST_ENV, testEngine, withDatabase } from './test-engine';

// Whatever a test's settings or data say, an app booted here resolves no name but localhost (see no-network.ts).
forbidNetwork();

// The apps of a test file share the password-strength worker (it outlives an app); it ends with the file.
endAfterFile('password-strength worker', () => passwordStrength.stop());

/**
 * argon2id at 1 MiB and one pass (under a millisecond; the service's 19 MiB and two passes took 35–45 ms a hash or
 * check here, about 50 s of each API pass's 1,260). The same code runs: only the cost differs, which each stored
 * hash names; auth.spec checks the service's own.
 */
const LIGHT_PASSWORD_HASH_COST = { memoryCost: 1024, timeCost: 1 };

export interface TestApp {
  running: RunningApp;
  baseUrl: string;
  /** The database this app runs on (server engine), for tests that look underneath. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * Boots the real AppModule on its own copy of the seeded template database and listens on a free port,
 * exactly as main.ts does. `env` overrides settings (e.g. MAX_TOKENS_PER_ACCOUNT).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    shareDatabaseWith?: TestApp;
    /**
     * Server engine: the URL the app connects with, given its database's URL (e.g. through a TCP proxy that a test
     * cuts to simulate an outage). TestApp.databaseUrl stays the direct URL.
     */
    connectThrough?: (databaseUrl: string) => string;
    /** Where the app's logger writes (tests that read the log lines). */
    logDestination?: { write(line: string): void };
    /** Modules of the test's own, added to the API (routes a test declares). */
    extraModules?: Type[];
    /** Hash passwords at the service's own cost (OWASP's minimum), not the tests' light one. */
    servicePasswordHashCost?: boolean;
  } = {},
): Promise<TestApp> {
  if (options.connectThrough && testEngine() !== 'server')
    throw new Error('connectThrough needs a PostgreSQL server (TEST_ENGINE=server)');
  const own = options.shareDatabaseWith ? null : await provisionDatabase();
  const dataDir = own?.dataDir ?? mkdtempSync(join(dataDirectoryRoot(), 'lrs-test-'));
  // A second instance on the same database, as behind a load balancer.
  const databaseUrl = options.shareDatabaseWith?.running.databaseUrl ?? own?.databaseUrl ?? null;
  const connectUrl =
    databaseUrl && options.connectThrough ? options.connectThrough(databaseUrl) : databaseUrl;
  const settings = loadSettings({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
  const running = await createApp(settings, {
    ...(connectUrl
      ? { databaseUrl: connectUrl, engine: options.shareDatabaseWith?.running.engine ?? 'server' }
      : {}),
    logDestination: options.logDestination,
    extraModules: options.extraModules,
    passwordHashCost: options.servicePasswordHashCost ? undefined : LIGHT_PASSWORD_HASH_COST,
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    running,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    async close() {
      // Nothing is in flight when a test closes its app, but the tests' client (fetch) keeps its connections alive:
      // closed now, the shutdown need not give them its grace for a request on its way (1 s an app).
      running.app.getHttpServer().closeIdleConnections();
      await running.close();
      if (own) await own.dispose();
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of a test's own, copied from the seeded template: a server database, or an embedded data directory. */
export interface TestDatabase {
  /** DATA_DIR; on the embedded engine it holds the copied database (`pg/`). */
  dataDir: string;
  /** The server database's URL; null on the embedded engine. */
  databaseUrl: string | null;
  /** Drops the database and removes the data directory. */
  dispose(): Promise<void>;
}

export async function provisionDatabase(): Promise<TestDatabase> {
  const template = process.env.LRS_TEST_TEMPLATE;
  if (!template)
    throw new Error('The test template is missing: run the tests through jest -c apps/api/jest.config.cjs');
  const dataDir = mkdtempSync(join(dataDirectoryRoot(), 'lrs-test-'));
  if (testEngine() !== 'server') {
    cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
    return {
      dataDir,
      databaseUrl: null,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${RUN_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverBaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    dataDir,
    databaseUrl: withDatabase(serverBaseUrl(), name),
    async dispose() {
      const c = new Client({ connectionString: serverBaseUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
