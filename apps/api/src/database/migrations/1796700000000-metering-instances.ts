import { MigrationInterface, QueryRunner } from 'typeorm';

/** Instances' standing towards the quota, and the Redis run its counters belong to (issue 35: QuotaAuthority). */
export class MeteringInstances1796700000000 implements MigrationInterface {
  name = 'MeteringInstances1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "metering_instances" ("id" uuid NOT NULL, "away" boolean NOT NULL, "counts_in_redis" boolean NOT NULL, "charges_ledger" boolean NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_metering_instances" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_metering_instances_seen_at" ON "metering_instances" ("seen_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "counter_store_runs" ("id" smallint NOT NULL, "run_id" character varying(64) NOT NULL, CONSTRAINT "PK_counter_store_runs" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "counter_store_runs"`);
    await queryRunner.query(`DROP TABLE "metering_instances"`);
  }
}
