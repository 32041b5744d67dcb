import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, accounts. A deleted account's metering records stay (an operator's books): the usage tables no longer
 * cascade from accounts, and `deleted_accounts` keeps the id they carry with its e-mail (registering it again
 * gives the id back). Password reset links remember the account's session version they were made under, so that
 * any password change (which moves it on) ends them; links made before are bound to the current one.
 */
export class KeepUsageRecords1796600000000 implements MigrationInterface {
  name = 'KeepUsageRecords1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "usage_daily" DROP CONSTRAINT "FK_f1e4db0d90cb6fe42859648fb75"`);
    await queryRunner.query(`ALTER TABLE "usage_monthly" DROP CONSTRAINT "FK_98d9b7e92f1b6cb6f94d06db76a"`);
    await queryRunner.query(
      `CREATE TABLE "deleted_accounts" ("id" uuid NOT NULL, "email" character varying(254) NOT NULL, "session_version" integer NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_deleted_accounts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_deleted_accounts_email" ON "deleted_accounts" ("email") `);
    await queryRunner.query(`ALTER TABLE "password_resets" ADD "session_version" integer`);
    await queryRunner.query(
      `UPDATE "password_resets" r SET "session_version" = a."session_version" FROM "accounts" a WHERE a."id" = r."account_id"`,
    );
    await queryRunner.query(`ALTER TABLE "password_resets" ALTER COLUMN "session_version" SET NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "password_resets" DROP COLUMN "session_version"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_deleted_accounts_email"`);
    await queryRunner.query(`DROP TABLE "deleted_accounts"`);
    // The foreign keys cannot hold the records of deleted accounts: those go, as they did before.
    await queryRunner.query(
      `DELETE FROM "usage_monthly" WHERE "account_id" NOT IN (SELECT "id" FROM "accounts")`,
    );
    await queryRunner.query(
      `DELETE FROM "usage_daily" WHERE "account_id" NOT IN (SELECT "id" FROM "accounts")`,
    );
    await queryRunner.query(
      `ALTER TABLE "usage_monthly" ADD CONSTRAINT "FK_98d9b7e92f1b6cb6f94d06db76a" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "usage_daily" ADD CONSTRAINT "FK_f1e4db0d90cb6fe42859648fb75" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }
}
