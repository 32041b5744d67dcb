import { MigrationInterface, QueryRunner } from 'typeorm';
import { PRIZE_STRUCTURES_1796300000000 } from './data/1796300000000-prize-structures';
import { FDJ_PRIZE_STRUCTURES_1796810000000 } from './data/1796810000000-fdj-prize-structures';

interface StoredEra {
  from: string;
  prizes?: unknown[];
}

/**
 * Complete results (issue 30): FDJ's own result files settled the EuroMillions and French Loto prize structures
 * (the 2004 EuroMillions ranks, Loto's fixed prizes from 2017-03-06 and its 2019-11-04 formula). A database loaded
 * earlier gets them era by era, where the stored era still holds what migration 1796300000000 (or the bundle of
 * then) gave it; an era an administrator changed keeps what it holds. (A new database is loaded with them.)
 */
export class FdjPrizeStructures1796810000000 implements MigrationInterface {
  name = 'FdjPrizeStructures1796810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { tag, eras } of FDJ_PRIZE_STRUCTURES_1796810000000) {
      const before = PRIZE_STRUCTURES_1796300000000.find((lottery) => lottery.tag === tag)?.eras ?? [];
      const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = $1`, [tag])) as {
        rules: StoredEra[];
      }[];
      if (rows.length === 0) continue;
      const rules = rows[0].rules.map((stored) => {
        const next = eras.find((era) => era.from === stored.from);
        const previous = before.find((era) => era.from === stored.from);
        if (!next || canonical(stored.prizes ?? []) !== canonical(previous?.prizes ?? [])) return stored;
        return { ...stored, prizes: next.prizes };
      });
      await queryRunner.query(`UPDATE "lotteries" SET "rules" = $2::jsonb WHERE "tag" = $1`, [
        tag,
        JSON.stringify(rules),
      ]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { tag, eras } of PRIZE_STRUCTURES_1796300000000.filter((lottery) =>
      FDJ_PRIZE_STRUCTURES_1796810000000.some((fdj) => fdj.tag === lottery.tag),
    )) {
      const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = $1`, [tag])) as {
        rules: StoredEra[];
      }[];
      if (rows.length === 0) continue;
      const rules = rows[0].rules.map((stored) => {
        const previous = eras.find((era) => era.from === stored.from);
        return previous ? { ...stored, prizes: previous.prizes } : stored;
      });
      await queryRunner.query(`UPDATE "lotteries" SET "rules" = $2::jsonb WHERE "tag" = $1`, [
        tag,
        JSON.stringify(rules),
      ]);
    }
  }
}

/** JSON with object keys sorted: jsonb gives keys back in its own order, not the order they were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
