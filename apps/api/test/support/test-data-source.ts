import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import type { DatabaseEngine } from '../../src/database/database-tokens';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { provisionDatabase } from './test-app';

export interface TestDataSource {
  /** An initialized TypeORM DataSource on a database of the test's own (migrated and seeded, no app). */
  dataSource: DataSource;
  /** Its URL (the embedded engine's socket URL), and which engine it is: what DATABASE_URL and DATABASE_ENGINE hold. */
  url: string;
  engine: DatabaseEngine;
  /** Closes the connection, stops the embedded engine and drops the copy. */
  close(): Promise<void>;
}

/**
 * A real DataSource on the test engine, for unit specs of services whose seam is SQL: a copy of the seeded
 * template (the bundled lotteries, draws and sources), on the embedded engine (PGlite behind its socket, one
 * pooled connection as the app uses) or on the PostgreSQL server (TEST_ENGINE=server). No Nest app is booted.
 */
export async function openTestDataSource(): Promise<TestDataSource> {
  const database = await provisionDatabase();
  let embedded: EmbeddedPostgres | undefined;
  try {
    const url =
      database.databaseUrl ?? (embedded = await startEmbeddedPostgres(join(database.dataDir, 'pg'))).url;
    // The app's own pool sizes: the embedded engine runs one query at a time (database.module.ts).
    const dataSource = new DataSource(
      buildDataSourceOptions(url, embedded ? 1 : 10, embedded ? 10_000 : 3_000),
    );
    await dataSource.initialize();
    return {
      dataSource,
      url,
      engine: embedded ? 'embedded' : 'server',
      async close() {
        await dataSource.destroy();
        await embedded?.stop();
        await database.dispose();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    await database.dispose();
    throw error;
  }
}
