import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { EMBEDDED_TEMPLATE_DIR, serverBaseUrl, testEngine } from './test-engine';

export default async function globalTeardown(): Promise<void> {
  if (testEngine() === 'server') {
    const admin = new Client({ connectionString: serverBaseUrl() });
    await admin.connect();
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'lrs_test_%'`);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  } else {
    rmSync(EMBEDDED_TEMPLATE_DIR, { recursive: true, force: true });
  }
}
