import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { createApp } from '../../src/bootstrap';
import { loadSettings } from '../../src/config/settings';
import {
  EMBEDDED_TEMPLATE_DIR,
  serverBaseUrl,
  TEMPLATE_DATABASE,
  TEST_ENV,
  testEngine,
  withDatabase,
} from './test-engine';

/**
 * Migrates and seeds one template database (schema, licenses, the bundled draws) once per run;
 * each test file then gets its own copy (server: CREATE DATABASE … TEMPLATE; embedded: a copied data dir).
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  process.env.LRS_TEST_RUN = String(process.pid);
  if (testEngine() === 'server') {
    const base = serverBaseUrl();
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const running = await createApp(loadSettings({ ...TEST_ENV, DATA_DIR: EMBEDDED_TEMPLATE_DIR }), {
      databaseUrl: withDatabase(base, TEMPLATE_DATABASE),
    });
    await running.close();
    process.env.LRS_TEST_TEMPLATE = TEMPLATE_DATABASE;
  } else {
    rmSync(EMBEDDED_TEMPLATE_DIR, { recursive: true, force: true });
    const running = await createApp(loadSettings({ ...TEST_ENV, DATA_DIR: EMBEDDED_TEMPLATE_DIR }));
    await running.close();
    process.env.LRS_TEST_TEMPLATE = EMBEDDED_TEMPLATE_DIR;
  }
  process.stdout.write(`\n[test] ${testEngine()} template ready in ${Date.now() - started} ms\n`);
}
