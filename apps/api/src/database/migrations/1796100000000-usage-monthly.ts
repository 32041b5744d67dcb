import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quota's ledger (issue 19): a row per account and month with a version, so that the counters in Redis can be
 * seeded and re-seeded without losing or doubling a unit, and so that PostgreSQL can decide quotas while Redis is
 * away. Filled from the daily counts written so far.
 */
export class UsageMonthly1796100000000 implements MigrationInterface {
  name = 'UsageMonthly1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "usage_monthly" ("account_id" uuid NOT NULL, "month" date NOT NULL, "used" integer NOT NULL DEFAULT '0', "version" bigint NOT NULL DEFAULT '0', "needs_reseed" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_b11ed606b06567b6cdc5c42dc6f" PRIMARY KEY ("account_id", "month"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_usage_monthly_needs_reseed" ON "usage_monthly"  ("account_id", "month") WHERE "needs_reseed"`,
    );
    await queryRunner.query(
      `ALTER TABLE "usage_monthly" ADD CONSTRAINT "FK_98d9b7e92f1b6cb6f94d06db76a" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "usage_monthly" ("account_id", "month", "used", "version")
       SELECT "account_id", date_trunc('month', "day")::date, SUM("count"), 1 FROM "usage_daily"
        GROUP BY "account_id", date_trunc('month', "day")::date`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "usage_monthly" DROP CONSTRAINT "FK_98d9b7e92f1b6cb6f94d06db76a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_usage_monthly_needs_reseed"`);
    await queryRunner.query(`DROP TABLE "usage_monthly"`);
  }
}
