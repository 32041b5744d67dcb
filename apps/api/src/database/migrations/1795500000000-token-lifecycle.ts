import { MigrationInterface, QueryRunner } from 'typeorm';

/** Token expiry, and the secret a roll replaced with the end of its grace period (contract section 8). */
export class TokenLifecycle1795500000000 implements MigrationInterface {
  name = 'TokenLifecycle1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD "previous_secret_hash" character(64)`);
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_api_tokens_previous_secret_hash" ON "api_tokens"  ("previous_secret_hash") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_api_tokens_previous_secret_hash"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "previous_secret_expires_at"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "previous_secret_hash"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "expires_at"`);
  }
}
