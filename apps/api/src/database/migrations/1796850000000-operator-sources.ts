import { MigrationInterface, QueryRunner } from 'typeorm';
import { OPERATOR_SOURCES_1796850000000 } from './data/1796850000000-operator-sources';

/**
 * Sources (issue 31). A lottery's public `source` names the operator's publication, the authority for its
 * results; where the service's copy of the history was taken from (a repository or mirror, with its licence) moves
 * to `provenance`, shown to administrators only. A lottery whose `source` an administrator changed keeps it.
 * Lotteries of the bundle get their default draw source where they have none, and the two US lotteries' sources of
 * an older bundle get their fallback while they are still as shipped. (A new database is loaded with all of it.)
 */
export class OperatorSources1796850000000 implements MigrationInterface {
  name = 'OperatorSources1796850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "provenance" text`);
    for (const lottery of OPERATOR_SOURCES_1796850000000) {
      await queryRunner.query(
        `UPDATE "lotteries" SET "source" = $2, "provenance" = $3 WHERE "tag" = $1 AND "source" = $3`,
        [lottery.tag, lottery.source, lottery.before],
      );
      const sync = lottery.sync;
      if (sync === null) continue;
      const mapping = sync.mapping === null ? null : JSON.stringify(sync.mapping);
      const fallbacks = JSON.stringify(sync.fallbacks);
      await queryRunner.query(
        `INSERT INTO "draw_sources" ("lottery_tag", "adapter", "url", "mapping", "fallbacks")
         SELECT $1::varchar, $2, $3, $4::jsonb, $5::jsonb WHERE EXISTS (SELECT 1 FROM "lotteries" WHERE "tag" = $1::varchar)
         ON CONFLICT ("lottery_tag") DO NOTHING`,
        [lottery.tag, sync.adapter, sync.url, mapping, fallbacks],
      );
      // A source as an older bundle shipped it, without fallbacks: it gets the bundle's fallbacks now.
      if (lottery.shippedBefore !== null)
        await queryRunner.query(
          `UPDATE "draw_sources" SET "fallbacks" = $4::jsonb
           WHERE "lottery_tag" = $1 AND "adapter" = $2 AND "url" = $3 AND "fallbacks" = '[]'::jsonb`,
          [lottery.tag, lottery.shippedBefore.adapter, lottery.shippedBefore.url, fallbacks],
        );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const lottery of OPERATOR_SOURCES_1796850000000) {
      const sync = lottery.sync;
      if (sync !== null && lottery.shippedBefore === null)
        await queryRunner.query(
          `DELETE FROM "draw_sources" WHERE "lottery_tag" = $1 AND "adapter" = $2 AND "url" = $3`,
          [lottery.tag, sync.adapter, sync.url],
        );
      if (sync !== null && lottery.shippedBefore !== null)
        await queryRunner.query(
          `UPDATE "draw_sources" SET "fallbacks" = '[]'::jsonb WHERE "lottery_tag" = $1 AND "fallbacks" = $2::jsonb`,
          [lottery.tag, JSON.stringify(sync.fallbacks)],
        );
      await queryRunner.query(
        `UPDATE "lotteries" SET "source" = "provenance" WHERE "tag" = $1 AND "source" = $2 AND "provenance" = $3`,
        [lottery.tag, lottery.source, lottery.before],
      );
    }
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "provenance"`);
  }
}
