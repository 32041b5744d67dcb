import { join } from 'node:path';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { dataDirectoryRoot } from '../../../../tools/testing/data-directory-root';

/**
 * Which PostgreSQL the HTTP tests run on: the embedded engine (default), or a server when TEST_ENGINE=server
 * (TEST_DATABASE_URL, else DATABASE_URL). tools/test.mjs runs the suite once per engine.
 */
export type TestEngine = 'embedded' | 'server';

export function testEngine(): TestEngine {
  return process.env.TEST_ENGINE === 'server' ? 'server' : 'embedded';
}

export function serverBaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=server needs TEST_DATABASE_URL or DATABASE_URL');
  const name = new URL(url).pathname.slice(1);
  // Tests create and drop databases: refuse to point them at anything that is not clearly a test database.
  if (!name.includes('test'))
    throw new Error(`Refusing to run tests against database '${name}': its name lacks 'test'`);
  return url;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Server databases of one jest run share its prefix (the run's pid, which globalSetup and globalTeardown share and
 * workers inherit through LRS_TEST_RUN), so that two runs on one PostgreSQL server never drop each other's.
 */
export const RUN_PREFIX = `lrs_test_${process.env.LRS_TEST_RUN ?? process.pid}_`;
export const TEMPLATE_DATABASE = `${RUN_PREFIX}template`;
export const EMBEDDED_TEMPLATE_DIR = join(
  dataDirectoryRoot(),
  `lrs-test-template-${process.ppid}-${process.pid}`,
);

/** Settings every test app starts from; a test overrides what it exercises. */
export const TEST_ENV: Record<string, string> = {
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  IP_RATE_LIMIT: 'off',
  REGISTRATION_RATE_LIMIT: 'off',
  CREATE_DEMO_ACCOUNT: 'false',
  LOG_LEVEL: 'error',
  USAGE_FLUSH_INTERVAL_MS: '100',
  DEFAULT_LICENSE: 'free',
  // The scheduler is on by default and the bundled sources name the operators' hosts: no test may reach them. A
  // test that polls (FAST_SYNC) turns it on once its sources point at a local server.
  SYNC: 'off',
};
