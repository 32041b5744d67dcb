import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tokens used lately, found without a scan: the start-up warm-up loads them (issue 8). */
export class RecentlyUsedTokens1796000000000 implements MigrationInterface {
  name = 'RecentlyUsedTokens1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_api_tokens_last_used_at" ON "api_tokens" ("last_used_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_api_tokens_last_used_at"`);
  }
}
