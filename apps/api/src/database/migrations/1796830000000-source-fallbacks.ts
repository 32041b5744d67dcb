import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sources (issue 31): a lottery's source lists fallbacks, tried in order when the one before fails. */
export class SourceFallbacks1796830000000 implements MigrationInterface {
  name = 'SourceFallbacks1796830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" ADD "fallbacks" jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" DROP COLUMN "fallbacks"`);
  }
}
