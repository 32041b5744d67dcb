import { MigrationInterface, QueryRunner } from 'typeorm';

/** One-time password-reset links (issue 21): the hash of each secret, its expiry and when it was used. */
export class PasswordResets1796200000000 implements MigrationInterface {
  name = 'PasswordResets1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "secret_hash" character(64) NOT NULL, "origin" character varying(8) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_password_resets" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_password_resets_account" ON "password_resets" ("account_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_password_resets_secret_hash" ON "password_resets" ("secret_hash") `,
    );
    await queryRunner.query(
      `ALTER TABLE "password_resets" ADD CONSTRAINT "FK_password_resets_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "password_resets"`);
  }
}
