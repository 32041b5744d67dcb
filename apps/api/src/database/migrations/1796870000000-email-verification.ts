import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts prove their address before a free license (REGISTRATION_VERIFY_EMAIL), and e-mail changes die with the
 * password that asked for them:
 * - `email_verifications`: verification links (the address sent to, the hash of the secret, expiry, use);
 *   `accounts.email_verified`, true for every account that exists now (none was asked to prove its address);
 * - `accounts.email_change_asked_at`: the last e-mail change asked (one a minute, whatever its outcome);
 * - `email_changes.session_version`, the account's when the change was asked (a password change or reset moves it
 *   on), and `cancel_hash`, the notice's "this wasn't me" link. A change still pending now may be one asked by
 *   someone who learned the password before its holder changed it: it is ended (its holder asks again).
 */
export class EmailVerification1796870000000 implements MigrationInterface {
  name = 'EmailVerification1796870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_verifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "secret_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_email_verifications" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_email_verifications_account" ON "email_verifications" ("account_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_email_verifications_secret_hash" ON "email_verifications" ("secret_hash") `,
    );
    await queryRunner.query(
      `ALTER TABLE "email_verifications" ADD CONSTRAINT "FK_email_verifications_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "accounts" ADD "email_verified" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "accounts" ADD "email_change_asked_at" TIMESTAMP WITH TIME ZONE`);

    await queryRunner.query(`DELETE FROM "email_changes" WHERE "used_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "email_changes" ADD "session_version" integer`);
    await queryRunner.query(
      `UPDATE "email_changes" c SET "session_version" = a."session_version" FROM "accounts" a WHERE a."id" = c."account_id"`,
    );
    await queryRunner.query(`ALTER TABLE "email_changes" ALTER COLUMN "session_version" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "email_changes" ADD "cancel_hash" character(64)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_email_changes_cancel_hash" ON "email_changes" ("cancel_hash") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_email_changes_cancel_hash"`);
    await queryRunner.query(`ALTER TABLE "email_changes" DROP COLUMN "cancel_hash"`);
    await queryRunner.query(`ALTER TABLE "email_changes" DROP COLUMN "session_version"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "email_change_asked_at"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "email_verified"`);
    await queryRunner.query(`DROP TABLE "email_verifications"`);
  }
}
