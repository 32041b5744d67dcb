import { types } from 'pg';
import type { DataSourceOptions } from 'typeorm';

type PostgresConnectionOptions = Extract<DataSourceOptions, { type: 'postgres' }>;
import { MIGRATIONS } from './migrations';
import { boundedClient, type QueryBounds } from './bounded-client';

// DATE columns are calendar dates ('YYYY-MM-DD'), not instants: keep them as strings instead of local-time Dates.
types.setTypeParser(types.builtins.DATE, (value: string) => value);
// count(*) and sums are bigint; our counts fit in a JS number.
types.setTypeParser(types.builtins.INT8, (value: string) => Number(value));

/**
 * The one data-source options object, shared by the app, the CLI, the tests and the migration tooling.
 * `connectTimeoutMs` bounds both a new connection and the wait for a free one: on a server a hung PostgreSQL then
 * gives a 503 within seconds instead of holding the request until REQUEST_TIMEOUT_MS. The embedded engine (one
 * connection, no network) waits longer, as a CSV import may hold its connection for seconds.
 * With `bounds`, the pool's connections are bounded clients (the app's; the CLI and migration tooling run unbounded).
 * `entities` come from the caller (src/entities.ts, beside the app module): database/ knows no feature.
 */
export function buildDataSourceOptions({
  url,
  entities,
  poolSize = 10,
  connectTimeoutMs = 3_000,
  bounds,
}: {
  url: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  poolSize?: number;
  connectTimeoutMs?: number;
  bounds?: QueryBounds;
}): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: connectTimeoutMs,
      ...(bounds && { Client: boundedClient(bounds) }),
    },
  };
}
