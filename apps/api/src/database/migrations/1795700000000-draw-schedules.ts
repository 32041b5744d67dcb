import { MigrationInterface, QueryRunner } from 'typeorm';
import { DRAW_SCHEDULES_1795700000000 } from './data/1795700000000-draw-schedules';

/**
 * Draw calendars on lotteries (issue 11); bundled lotteries get theirs from lotteries.json at start-up.
 *
 * The calendars it gives to a database loaded earlier are a frozen copy (./data), not lotteries.json read at run
 * time: the migration once found that file with bundledDataDir() and parsed it with loadBundledLotteries() (which
 * also insisted every lottery's CSV exist, without reading it), so it reads no file any more.
 */
export class DrawSchedules1795700000000 implements MigrationInterface {
  name = 'DrawSchedules1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "schedule" jsonb`);
    // A database loaded before calendars existed: the bundled lotteries get theirs (a new database is empty
    // here, and the bundled data is loaded with its calendars after the migrations).
    for (const { tag, schedule } of DRAW_SCHEDULES_1795700000000) {
      await queryRunner.query(`UPDATE "lotteries" SET "schedule" = $2::jsonb WHERE "tag" = $1`, [
        tag,
        JSON.stringify(schedule),
      ]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "schedule"`);
  }
}
