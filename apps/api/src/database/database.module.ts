import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './data-source-options';

export type DatabaseEngine = 'embedded' | 'server';
/** Injection token: which PostgreSQL the app runs on. */
export const DATABASE_ENGINE = Symbol('DATABASE_ENGINE');
/** Injection token: its URL, for what needs a connection of its own (LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');

/**
 * TypeORM on the PostgreSQL at `url`. The embedded engine gets one pooled connection: PGlite runs one query at a
 * time anyway, and its socket server can interleave the extended-protocol messages of concurrent connections
 * (measured: "portal does not exist" errors under load), so a single connection is both correct and as fast.
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
      ],
      exports: [DATABASE_ENGINE, DATABASE_URL],
    };
  }
}
