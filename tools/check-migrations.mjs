#!/usr/bin/env node
// Fails when the entities and the committed migrations disagree: migrates a scratch database on the
// PostgreSQL server, then asks TypeORM whether it would generate a new migration (`migration:generate --check`).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base) {
  console.log('check-migrations: no TEST_DATABASE_URL/DATABASE_URL, skipped');
  process.exit(0);
}
const scratch = 'lrs_test_migration_check';
const url = new URL(base);
url.pathname = `/${scratch}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${scratch}`);
const env = {
  ...process.env,
  DATABASE_URL: url.toString(),
  TS_NODE_PROJECT: 'apps/api/tsconfig.app.json',
  TS_NODE_TRANSPILE_ONLY: 'true',
};
const typeorm = (args) =>
  spawnSync('npx', ['typeorm-ts-node-commonjs', ...args, '-d', 'apps/api/src/data-source.ts'], {
    stdio: 'inherit',
    env,
  });
let status = typeorm(['migration:run']).status;
if (status === 0) {
  status = typeorm(['migration:generate', 'apps/api/src/database/migrations/Drift', '--check']).status;
  if (status !== 0)
    console.error('The entities changed without a migration: generate one (see README, "Database").');
}
await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
await admin.end();
process.exit(status ?? 1);
