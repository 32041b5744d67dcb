import { MigrationInterface, QueryRunner } from 'typeorm';

/** Failed log-ins per e-mail address, for the growing back-off (issue 29, contract section 3's abuse limits). */
export class LoginBackoff1796550000000 implements MigrationInterface {
  name = 'LoginBackoff1796550000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_failures" ("email_hash" character(64) NOT NULL, "failures" integer NOT NULL, "last_failed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "blocked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_login_failures" PRIMARY KEY ("email_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_login_failures_last_failed_at" ON "login_failures" ("last_failed_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_failures"`);
  }
}
