import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './data-source-options';
import { ChangeFeed } from './change-feed/change-feed.service';
import { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine } from './database-tokens';

export { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine };

/**
 * TypeORM on the PostgreSQL at `url`. The embedded engine gets one pooled connection: PGlite runs one query at a
 * time anyway, and its socket server can interleave the extended-protocol messages of concurrent connections
 * (measured: "portal does not exist" errors under load), so a single connection is both correct and as fast.
 * With it, the change feed every in-memory cache follows (change-feed/).
 */
@Global()
@Module({})
export class DatabaseModule {
  static register(url: string, engine: DatabaseEngine): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions(
            url,
            engine === 'embedded' ? 1 : 10,
            engine === 'embedded' ? 10_000 : 3_000,
          ),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
      providers: [
        { provide: DATABASE_ENGINE, useValue: engine },
        { provide: DATABASE_URL, useValue: url },
        ChangeFeed,
      ],
      exports: [DATABASE_ENGINE, DATABASE_URL, ChangeFeed],
    };
  }
}
