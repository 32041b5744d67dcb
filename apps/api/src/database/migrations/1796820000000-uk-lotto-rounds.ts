import { MigrationInterface, QueryRunner } from 'typeorm';

interface StoredEra {
  from: string;
}

/**
 * Frozen copy (2026-11-27) of the era that issue 30 added to the bundled uk_lotto: two rounds per draw night since
 * 2026-06-10, the same matrix, prizes not yet known. Never edit: a migration must do the same thing forever.
 */
const UK_LOTTO_ROUNDS_ERA = {
  from: '2026-06-10',
  main: { count: 6, min: 1, max: 59, distinct: true },
  special: { count: 1, min: 1, max: 59, distinct: true, pool: 'main' },
  rounds: 2,
  prizes: [],
};

/**
 * Several draws on one date (issue 30): a database loaded earlier gets uk_lotto's era of two rounds, unless its
 * administrators already gave it an era from that date or later. (A new database is loaded with it.)
 */
export class UkLottoRounds1796820000000 implements MigrationInterface {
  name = 'UkLottoRounds1796820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = 'uk_lotto'`)) as {
      rules: StoredEra[];
    }[];
    if (rows.length === 0 || rows[0].rules.some((era) => era.from >= UK_LOTTO_ROUNDS_ERA.from)) return;
    await queryRunner.query(`UPDATE "lotteries" SET "rules" = $1::jsonb WHERE "tag" = 'uk_lotto'`, [
      JSON.stringify([...rows[0].rules, UK_LOTTO_ROUNDS_ERA]),
    ]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = 'uk_lotto'`)) as {
      rules: StoredEra[];
    }[];
    if (rows.length === 0) return;
    await queryRunner.query(`UPDATE "lotteries" SET "rules" = $1::jsonb WHERE "tag" = 'uk_lotto'`, [
      JSON.stringify(rows[0].rules.filter((era) => era.from !== UK_LOTTO_ROUNDS_ERA.from)),
    ]);
  }
}
