import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import type { DatabaseEngine } from '../../src/database/database-tokens';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { provisionDatabase } from './test-app';
import { testEngine } from './test-engine';

/** A migrated and seeded database of a spec's own, on the engine TEST_ENGINE chooses, without the app. */
export interface TestDatabaseEngine {
  /** What DatabaseModule.register takes: the URL to connect to and the engine behind it. */
  url: string;
  engine: DatabaseEngine;
  /** A DATA_DIR for the spec's settings (it holds the embedded engine's files). */
  dataDir: string;
  /** A new, initialised DataSource on it, pooled as the app pools it on this engine (DatabaseModule). */
  connect(): Promise<DataSource>;
  /** Closes the DataSources made by `connect`, stops the embedded engine, drops the database. */
  stop(): Promise<void>;
}

/**
 * For unit specs of code whose seam is SQL (workers, ledgers, services with their queries): the real schema on the
 * real engine, copied from the run's template like an HTTP test's database, but without booting the app.
 */
export async function startTestDatabase(): Promise<TestDatabaseEngine> {
  const database = await provisionDatabase();
  const embedded =
    testEngine() === 'server' ? undefined : await startEmbeddedPostgres(join(database.dataDir, 'pg'));
  const engine: DatabaseEngine = embedded ? 'embedded' : 'server';
  const url = embedded?.url ?? (database.databaseUrl as string);
  const opened: DataSource[] = [];
  return {
    url,
    engine,
    dataDir: database.dataDir,
    async connect() {
      // The embedded engine is served one connection per pool, as DatabaseModule does (see its comment).
      const dataSource = new DataSource(
        buildDataSourceOptions({
          url,
          entities: ENTITIES,
          poolSize: engine === 'embedded' ? 1 : 10,
          connectTimeoutMs: engine === 'embedded' ? 10_000 : 3_000,
        }),
      );
      opened.push(await dataSource.initialize());
      return dataSource;
    },
    async stop() {
      await Promise.all(opened.filter((d) => d.isInitialized).map((d) => d.destroy()));
      await embedded?.stop();
      await database.dispose();
    },
  };
}

/** One DataSource on a database of the spec's own (`startTestDatabase` with one connection), for most unit specs. */
export interface TestDataSource {
  dataSource: DataSource;
  /** What DATABASE_URL and DATABASE_ENGINE hold for it. */
  url: string;
  engine: DatabaseEngine;
  /** Closes the connection, stops the embedded engine and drops the copy. */
  close(): Promise<void>;
}

export async function openTestDataSource(): Promise<TestDataSource> {
  const database = await startTestDatabase();
  try {
    const dataSource = await database.connect();
    return { dataSource, url: database.url, engine: database.engine, close: () => database.stop() };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
