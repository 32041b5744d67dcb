import { MigrationInterface, QueryRunner } from 'typeorm';

/** `retired_on`: the date a game ended (its last draw's date or later); null while it is played. */
export class LotteryRetirement1796910000000 implements MigrationInterface {
  name = 'LotteryRetirement1796910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "retired_on" date`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "retired_on"`);
  }
}
