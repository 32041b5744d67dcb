import { MigrationInterface, QueryRunner } from 'typeorm';
import { DRAW_INGESTION_1795800000000 } from './data/1795800000000-draw-ingestion';

/**
 * Ingestion (issue 11): draw sources with their sync state, conflicts, the scheduler's lease, provenance on draws.
 * A database loaded before sources existed gets the bundled lotteries' sources from lotteries.json (a new database
 * is empty here, and gets them with the bundled data after the migrations).
 *
 * Those sources are a frozen copy (./data), not lotteries.json read at run time: the migration once found that file
 * with bundledDataDir() and parsed it with loadBundledLotteries() (which also insisted every lottery's CSV exist,
 * without reading it), so it reads no file any more.
 */

export class DrawIngestion1795800000000 implements MigrationInterface {
  name = 'DrawIngestion1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "draw_conflicts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "lottery_tag" character varying(64) NOT NULL, "draw_date" date NOT NULL, "stored_main" smallint array NOT NULL, "stored_special" smallint array NOT NULL, "fetched_main" smallint array NOT NULL, "fetched_special" smallint array NOT NULL, "source" text NOT NULL, "fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'open', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resolved_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b27d0e148fd3e0ce3a1f6233bb3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_draw_conflicts_draw" ON "draw_conflicts"  ("lottery_tag", "draw_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_draw_conflicts_status_created" ON "draw_conflicts"  ("status", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "draw_sources" ("lottery_tag" character varying(64) NOT NULL, "adapter" character varying(32) NOT NULL, "url" text NOT NULL, "mapping" jsonb, "enabled" boolean NOT NULL DEFAULT true, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_success_at" TIMESTAMP WITH TIME ZONE, "last_error" text, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "consecutive_failures" integer NOT NULL DEFAULT '0', "backoff_step" integer NOT NULL DEFAULT '0', "last_result" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7e228d4825aecf0c959139d291d" PRIMARY KEY ("lottery_tag"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sync_leases" ("name" character varying(64) NOT NULL, "holder" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ca36aab42c6596bf20a0389c757" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(`ALTER TABLE "draws" ADD "source" text`);
    await queryRunner.query(`ALTER TABLE "draws" ADD "fetched_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "draw_conflicts" ADD CONSTRAINT "FK_6c219f4b5d2190bf59151691bd9" FOREIGN KEY ("lottery_tag") REFERENCES "lotteries"("tag") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "draw_sources" ADD CONSTRAINT "FK_7e228d4825aecf0c959139d291d" FOREIGN KEY ("lottery_tag") REFERENCES "lotteries"("tag") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    for (const source of DRAW_INGESTION_1795800000000) {
      await queryRunner.query(
        `INSERT INTO "draw_sources" ("lottery_tag", "adapter", "url", "mapping")
                 SELECT $1::varchar, $2, $3, $4::jsonb WHERE EXISTS (SELECT 1 FROM "lotteries" WHERE "tag" = $1::varchar)`,
        [
          source.tag,
          source.adapter,
          source.url,
          source.mapping === null ? null : JSON.stringify(source.mapping),
        ],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" DROP CONSTRAINT "FK_7e228d4825aecf0c959139d291d"`);
    await queryRunner.query(`ALTER TABLE "draw_conflicts" DROP CONSTRAINT "FK_6c219f4b5d2190bf59151691bd9"`);
    await queryRunner.query(`ALTER TABLE "draws" DROP COLUMN "fetched_at"`);
    await queryRunner.query(`ALTER TABLE "draws" DROP COLUMN "source"`);
    await queryRunner.query(`DROP TABLE "sync_leases"`);
    await queryRunner.query(`DROP TABLE "draw_sources"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draw_conflicts_status_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draw_conflicts_draw"`);
    await queryRunner.query(`DROP TABLE "draw_conflicts"`);
  }
}
