import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './data-source-options';

/** For the TypeORM CLI only (migration:generate / migration:run against DATABASE_URL). */
export default new DataSource(
  buildDataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'),
);
