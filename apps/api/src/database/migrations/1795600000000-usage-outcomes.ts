import { MigrationInterface, QueryRunner } from 'typeorm';

/** Usage split by outcome (client errors apart) and by token; a session version per account (password change). */
export class UsageOutcomes1795600000000 implements MigrationInterface {
  name = 'UsageOutcomes1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "token_usage_daily" ("account_id" uuid NOT NULL, "token_id" character varying(64) NOT NULL, "day" date NOT NULL, "count" integer NOT NULL DEFAULT '0', "errors" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_fd0408fd52d8f8eaaf20fc7a5d8" PRIMARY KEY ("account_id", "token_id", "day"))`,
    );
    await queryRunner.query(`ALTER TABLE "accounts" ADD "session_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "usage_daily" ADD "errors" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "token_usage_daily" ADD CONSTRAINT "FK_5f246bf0ce8edc22279444f9183" FOREIGN KEY ("account_id", "token_id") REFERENCES "api_tokens"("account_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "token_usage_daily" DROP CONSTRAINT "FK_5f246bf0ce8edc22279444f9183"`,
    );
    await queryRunner.query(`ALTER TABLE "usage_daily" DROP COLUMN "errors"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "session_version"`);
    await queryRunner.query(`DROP TABLE "token_usage_daily"`);
  }
}
