import { MigrationInterface, QueryRunner } from 'typeorm';
import { PRIZE_STRUCTURES_1796300000000 } from './data/1796300000000-prize-structures';

interface StoredEra {
  from: string;
  special: Record<string, unknown> | null;
  prizes?: unknown[];
}

/**
 * Ticket check (issue 22): a database loaded before it gets the special pools and prize structures of the bundled
 * lotteries, era by era where the stored era starts on the same day; an era an administrator changed keeps what it
 * holds, and one that already has prizes is left alone. (A new database is empty here and is loaded with them.)
 */
export class PrizeStructures1796300000000 implements MigrationInterface {
  name = 'PrizeStructures1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { tag, eras } of PRIZE_STRUCTURES_1796300000000) {
      const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = $1`, [tag])) as {
        rules: StoredEra[];
      }[];
      if (rows.length === 0) continue;
      const rules = rows[0].rules.map((stored) => {
        const frozen = eras.find((era) => era.from === stored.from);
        if (!frozen || stored.prizes !== undefined) return stored;
        const special =
          stored.special && frozen.pool && stored.special.pool === undefined
            ? {
                ...stored.special,
                pool: frozen.pool,
                ...(frozen.counted !== undefined ? { counted: frozen.counted } : {}),
              }
            : stored.special;
        return { ...stored, special, prizes: frozen.prizes };
      });
      await queryRunner.query(`UPDATE "lotteries" SET "rules" = $2::jsonb WHERE "tag" = $1`, [
        tag,
        JSON.stringify(rules),
      ]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The pools and prizes are additions inside the rules: removing them restores the earlier shape.
    const rows = (await queryRunner.query(`SELECT "tag", "rules" FROM "lotteries"`)) as {
      tag: string;
      rules: StoredEra[];
    }[];
    for (const { tag, rules } of rows) {
      const stripped = rules.map(({ prizes: _prizes, ...era }) => {
        if (!era.special) return era;
        const { pool: _pool, counted: _counted, ...special } = era.special;
        return { ...era, special };
      });
      await queryRunner.query(`UPDATE "lotteries" SET "rules" = $2::jsonb WHERE "tag" = $1`, [
        tag,
        JSON.stringify(stripped),
      ]);
    }
  }
}
