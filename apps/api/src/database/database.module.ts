import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './data-source-options';

/** TypeORM on the PostgreSQL at `url` (a server, or the embedded engine's socket). */
@Module({})
export class DatabaseModule {
  static register(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({ ...buildDataSourceOptions(url), retryAttempts: 3, retryDelay: 1000 }),
      ],
    };
  }
}
