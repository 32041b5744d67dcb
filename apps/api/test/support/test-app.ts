import 'reflect-metadata';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createApp, RunningApp } from '../../src/bootstrap';
import { loadSettings } from '../../src/config/settings';
import { serverBaseUrl, TEST_ENV, testEngine, withDatabase } from './test-engine';

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
  } = {},
): Promise<TestApp> {
  const template = process.env.LRS_TEST_TEMPLATE;
  if (!template)
    throw new Error('The test template is missing: run the tests through jest -c apps/api/jest.config.cjs');
  if (options.connectThrough && testEngine() !== 'server')
    throw new Error('connectThrough needs a PostgreSQL server (TEST_ENGINE=server)');
  const dataDir = mkdtempSync(join(tmpdir(), 'lrs-test-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => undefined as void;
  if (options.shareDatabaseWith) {
    // A second instance on the same database, as behind a load balancer.
    databaseUrl = options.shareDatabaseWith.running.databaseUrl;
  } else if (testEngine() === 'server') {
    const name = `lrs_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: serverBaseUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    databaseUrl = withDatabase(serverBaseUrl(), name);
    dropDatabase = async () => {
      const c = new Client({ connectionString: serverBaseUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
  }
  const connectUrl =
    databaseUrl && options.connectThrough ? options.connectThrough(databaseUrl) : databaseUrl;
  const settings = loadSettings({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
  const running = await createApp(settings, {
    ...(connectUrl
      ? { databaseUrl: connectUrl, engine: options.shareDatabaseWith?.running.engine ?? 'server' }
      : {}),
    logDestination: options.logDestination,
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    running,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    async close() {
      await running.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
