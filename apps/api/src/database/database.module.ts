import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './data-source-options';
import { ChangeFeed } from './change-feed/change-feed.service';
import { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine } from './database-tokens';
import { QueryBounds } from './bounded-client';

export { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine };

/**
 * TypeORM on the PostgreSQL at `url`. The embedded engine gets one pooled connection: PGlite runs one query at a
 * time anyway, and its socket server can interleave the extended-protocol messages of concurrent connections
 * (measured: "portal does not exist" errors under load), so a single connection is both correct and as fast.
 * With it, the change feed every in-memory cache follows (change-feed/).
 *
 * Every pooled connection is a bounded client (bounded-client.ts): once start-up calls `QueryBounds.enforce()`, a
 * query unanswered within `queryTimeoutMs` (0: 3 s on a server, 10 s embedded, whose one connection may be busy
 * with a CSV import) cuts its connection and fails as unavailable (503), and a commit cannot land after its
 * client gave up.
 */
@Global()
@Module({})
export class DatabaseModule {
  static register(url: string, engine: DatabaseEngine, queryTimeoutMs = 0): DynamicModule {
    const bounds = new QueryBounds(
      queryTimeoutMs || (engine === 'embedded' ? 10_000 : 3_000),
      engine === 'server',
    );
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions(
            url,
            engine === 'embedded' ? 1 : 10,
            engine === 'embedded' ? 10_000 : 3_000,
            bounds,
          ),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
      providers: [
        { provide: DATABASE_ENGINE, useValue: engine },
        { provide: DATABASE_URL, useValue: url },
        { provide: QueryBounds, useValue: bounds },
        ChangeFeed,
      ],
      exports: [DATABASE_ENGINE, DATABASE_URL, QueryBounds, ChangeFeed],
    };
  }
}
