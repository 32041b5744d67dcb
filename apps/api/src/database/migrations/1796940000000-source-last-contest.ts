import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `draw_sources.last_contest` (issue 45): the highest draw number a sync read from the lottery's source (a mapping's
 * `contest` field), from which a URL holding `{contest}` (CAIXA's per-draw API) asks for the next draws. The draws
 * keep no draw number: it is the source's cursor, not a fact of the draw. Null until one is read.
 */
export class SourceLastContest1796940000000 implements MigrationInterface {
  name = 'SourceLastContest1796940000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" ADD "last_contest" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" DROP COLUMN "last_contest"`);
  }
}
