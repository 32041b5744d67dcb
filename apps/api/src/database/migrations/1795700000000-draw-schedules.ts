import { MigrationInterface, QueryRunner } from 'typeorm';
import { bundledDataDir, loadBundledLotteries } from '../../modules/draws/domain/bundled-lotteries';

/** Draw calendars on lotteries (issue 11); bundled lotteries get theirs from lotteries.json at start-up. */
export class DrawSchedules1795700000000 implements MigrationInterface {
  name = 'DrawSchedules1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "schedule" jsonb`);
    // A database loaded before calendars existed: the bundled lotteries get theirs (a new database is empty
    // here, and the bundled data is loaded with its calendars after the migrations).
    for (const lottery of loadBundledLotteries(bundledDataDir())) {
      await queryRunner.query(`UPDATE "lotteries" SET "schedule" = $2::jsonb WHERE "tag" = $1`, [
        lottery.tag,
        JSON.stringify(lottery.schedule),
      ]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "schedule"`);
  }
}
