import { MigrationInterface, QueryRunner } from 'typeorm';
import { OPERATOR_TERMS_1796970000000 } from './data/1796970000000-operator-terms';

/**
 * A lottery's `operator` (who runs the game) and `terms` (under which its shipped source publishes the results),
 * served to every client with its `source`. The bundle has named both since the README's lottery table; a database
 * loaded earlier gets them for the bundled lotteries it holds (a new one is loaded with them). A lottery created by
 * an administrator has neither until one is set.
 */
export class OperatorTerms1796970000000 implements MigrationInterface {
  name = 'OperatorTerms1796970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "operator" text`);
    await queryRunner.query(`ALTER TABLE "lotteries" ADD "terms" text`);
    for (const lottery of OPERATOR_TERMS_1796970000000)
      await queryRunner.query(`UPDATE "lotteries" SET "operator" = $2, "terms" = $3 WHERE "tag" = $1`, [
        lottery.tag,
        lottery.operator,
        lottery.terms,
      ]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "terms"`);
    await queryRunner.query(`ALTER TABLE "lotteries" DROP COLUMN "operator"`);
  }
}
