import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './database/data-source-options';
import { ENTITIES } from './entities';

/** For the TypeORM CLI only (migration:generate / migration:run against DATABASE_URL). */
export default new DataSource(
  buildDataSourceOptions({
    url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    entities: ENTITIES,
  }),
);
