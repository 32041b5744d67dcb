import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pending e-mail changes (issue 34): the new address, the hash of the confirmation link's secret, its expiry and
 * when it was used. The account's address changes only when the link sent to the new address is opened.
 */
export class EmailChanges1796860000000 implements MigrationInterface {
  name = 'EmailChanges1796860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_changes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "new_email" character varying(254) NOT NULL, "secret_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_email_changes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_email_changes_account" ON "email_changes" ("account_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_email_changes_secret_hash" ON "email_changes" ("secret_hash") `,
    );
    await queryRunner.query(
      `ALTER TABLE "email_changes" ADD CONSTRAINT "FK_email_changes_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_changes"`);
  }
}
