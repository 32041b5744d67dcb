import { DynamicModule, Global, Module } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './data-source-options';
import { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine } from './database-tokens';
import { QueryBounds } from './bounded-client';

export { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine };

/**
 * TypeORM on the PostgreSQL at `url`. The embedded engine gets one pooled connection: PGlite runs one query at a
 * time anyway, and its socket server can interleave the extended-protocol messages of concurrent connections
 * (measured: "portal does not exist" errors under load), so a single connection is both correct and as fast.
 *
 * Every pooled connection is a bounded client (bounded-client.ts): once start-up calls `QueryBounds.enforce()`, a
 * query unanswered within `queryTimeoutMs` (0: 3 s on a server, 10 s embedded, whose one connection may be busy
 * with a CSV import) cuts its connection and fails as unavailable (503), and a commit cannot land after its
 * client gave up.
 */
@Global()
@Module({})
export class DatabaseModule {
  static register({
    url,
    engine,
    entities,
    queryTimeoutMs = 0,
  }: {
    url: string;
    engine: DatabaseEngine;
    /** The app's entities (src/entities.ts): database/ imports no feature. */
    entities: NonNullable<DataSourceOptions['entities']>;
    queryTimeoutMs?: number;
  }): DynamicModule {
    const bounds = new QueryBounds(
      queryTimeoutMs || (engine === 'embedded' ? 10_000 : 3_000),
      engine === 'server',
    );
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions({
            url,
            entities,
            poolSize: engine === 'embedded' ? 1 : 10,
            connectTimeoutMs: engine === 'embedded' ? 10_000 : 3_000,
            bounds,
          }),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
      providers: [
        { provide: DATABASE_ENGINE, useValue: engine },
        { provide: DATABASE_URL, useValue: url },
        { provide: QueryBounds, useValue: bounds },
      ],
      exports: [DATABASE_ENGINE, DATABASE_URL, QueryBounds],
    };
  }
}
