import { MigrationInterface, QueryRunner } from 'typeorm';

const TAG = 'eu_eurojackpot';
const VEIKKAUS = 'https://www.veikkaus.fi/api/draw-results/v1/games/EJACKPOT/draws/by-week/{isoWeek}';

/**
 * What Veikkaus' answers say each Eurojackpot draw paid: its twelve prize tiers, in order (tier N is rank N), winners
 * and the amount per winning line in cents. Frozen: a migration does the same forever.
 */
export const EUROJACKPOT_PRIZES_1796960000000 = {
  currency: 'EUR',
  unit: 'minor',
  divisions: Array.from({ length: 12 }, (_, i) => ({
    rank: i + 1,
    winners: `prizeTiers.${i}.shareCount`,
    amount: `prizeTiers.${i}.shareAmount`,
  })),
};

/**
 * Eurojackpot's Veikkaus source reads the prizes it publishes (issue 45): a database loaded before gets the mapping's
 * `prizes`, where its source is still the shipped one and reads none; an administrator's source is theirs.
 */
export class EurojackpotPrizes1796960000000 implements MigrationInterface {
  name = 'EurojackpotPrizes1796960000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "draw_sources" SET "mapping" = "mapping" || jsonb_build_object('prizes', $1::jsonb)
        WHERE "lottery_tag" = $2 AND "adapter" = 'generic' AND "url" = $3 AND NOT ("mapping" ? 'prizes')`,
      [JSON.stringify(EUROJACKPOT_PRIZES_1796960000000), TAG, VEIKKAUS],
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "draw_sources" SET "mapping" = "mapping" - 'prizes' WHERE "lottery_tag" = $1 AND "url" = $2`,
      [TAG, VEIKKAUS],
    );
  }
}
