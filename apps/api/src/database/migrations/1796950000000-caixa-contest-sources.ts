import { MigrationInterface, QueryRunner } from 'typeorm';

/** CAIXA's per-contest API, as the bundle ships it since this migration (frozen: a migration does the same forever). */
const GAMES = ['megasena', 'lotofacil', 'quina'] as const;
const tagOf = (game: (typeof GAMES)[number]) => `br_${game}`;
const latestUrl = (game: string) => `https://servicebus2.caixa.gov.br/portaldeloterias/api/${game}`;

/**
 * The Brazilian games' sources catch up (issue 45): a database that loaded them when their source asked for the
 * latest contest only (a contest missed between two polls was never fetched) gets the per-contest URL
 * (`…/{contest}`) and the mapping's `contest` field, so that a sync asks for every contest after the last one read.
 * Only a source still as shipped is changed: one an administrator set is theirs.
 */
export class CaixaContestSources1796950000000 implements MigrationInterface {
  name = 'CaixaContestSources1796950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const game of GAMES)
      await queryRunner.query(
        `UPDATE "draw_sources" SET "url" = $1, "mapping" = "mapping" || '{"contest":"numero"}'::jsonb
          WHERE "lottery_tag" = $2 AND "adapter" = 'generic' AND "url" = $3 AND NOT ("mapping" ? 'contest')`,
        [`${latestUrl(game)}/{contest}`, tagOf(game), latestUrl(game)],
      );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const game of GAMES)
      await queryRunner.query(
        `UPDATE "draw_sources" SET "url" = $1, "mapping" = "mapping" - 'contest', "last_contest" = NULL
          WHERE "lottery_tag" = $2 AND "url" = $3`,
        [latestUrl(game), tagOf(game), `${latestUrl(game)}/{contest}`],
      );
  }
}
