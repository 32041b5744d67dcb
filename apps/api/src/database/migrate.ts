import { DataSource } from 'typeorm';

/** Any constant: every instance takes the same PostgreSQL advisory lock while migrating. */
const MIGRATION_LOCK_ID = 7_340_112;

/**
 * Runs pending migrations under an advisory lock, so that several instances starting together against one
 * server migrate exactly once. The embedded engine belongs to one process and has a single connection, so it
 * needs (and could hold) no lock beside the migration's own.
 */
export async function runMigrations(dataSource: DataSource, options: { lock: boolean }): Promise<string[]> {
  if (!options.lock) return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
