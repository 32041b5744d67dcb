import { MigrationInterface, QueryRunner } from 'typeorm';

interface StoredEra {
  from: string;
  prizes?: { source?: string }[];
}

const ERA_FROM = '2026-06-10';

/**
 * Frozen copy (2026-11-29) of the prize period the bundled uk_lotto's two-round era gained: each round pays the
 * 2018 ladder. Never edit: a migration must do the same thing forever.
 */
const UK_LOTTO_ROUND_PRIZES = [
  {
    from: '2026-06-10',
    source:
      'https://www.gbnews.com/news/national-lottery-double-millionaires-winners-shake-up (2026-06-09, the day before the first two-round draw: two sets of six main balls and a Bonus Ball drawn on two machines each draw night, one line wins in round one, round two or both; GBP 2 a line, the same 59 balls; jackpots from GBP 2 million, Must Be Won after five rollovers; prizes from two main numbers); https://www.mogazmasr.com/126658 (Lotto results of 13 June 2026: the prize ladder of the smaller tiers unchanged, the jackpot shared across both rounds)',
    note: "Each round pays the ladder of 2018-11-21: the operator's feed numbers round two's prize levels 7-12; here each round has ranks 1-6 and answers carry `round`. The fixed amounts (5 + Bonus GBP 1,000,000, 5 GBP 1,750, 4 GBP 140, 3 GBP 30, 2 a free Lucky Dip) are the reports' unchanged ladder: the operator's own game rules for the two-round game were not seen. One jackpot pool is shared by the top-division winners of both rounds.",
    divisions: [
      {
        rank: 1,
        main: 6,
        prize: {
          type: 'jackpot',
        },
      },
      {
        rank: 2,
        main: 5,
        special: 1,
        prize: {
          type: 'fixed',
          amount: 1000000,
          currency: 'GBP',
        },
      },
      {
        rank: 3,
        main: 5,
        special: 0,
        prize: {
          type: 'fixed',
          amount: 1750,
          currency: 'GBP',
        },
      },
      {
        rank: 4,
        main: 4,
        prize: {
          type: 'fixed',
          amount: 140,
          currency: 'GBP',
        },
      },
      {
        rank: 5,
        main: 3,
        prize: {
          type: 'fixed',
          amount: 30,
          currency: 'GBP',
        },
      },
      {
        rank: 6,
        main: 2,
        prize: {
          type: 'free-play',
        },
      },
    ],
  },
];

/**
 * UK Lotto's two-round era came without a prize structure (migration 1796820000000), so every ticket check of a
 * date since 2026-06-10 found no prize. A database loaded earlier gets the structure where that era still holds no
 * prize period; an era an administrator gave prizes keeps them. (A new database is loaded with it.)
 */
export class UkLottoRoundPrizes1796930000000 implements MigrationInterface {
  name = 'UkLottoRoundPrizes1796930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.setPrizes(queryRunner, (era) => (era.prizes ?? []).length === 0, UK_LOTTO_ROUND_PRIZES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // jsonb keeps keys in an order of its own: the source names the period this migration wrote.
    const source = UK_LOTTO_ROUND_PRIZES[0].source;
    await this.setPrizes(
      queryRunner,
      (era) => era.prizes?.length === 1 && era.prizes[0].source === source,
      [],
    );
  }

  private async setPrizes(
    queryRunner: QueryRunner,
    applies: (era: StoredEra) => boolean,
    prizes: unknown[],
  ): Promise<void> {
    const rows = (await queryRunner.query(`SELECT "rules" FROM "lotteries" WHERE "tag" = 'uk_lotto'`)) as {
      rules: StoredEra[];
    }[];
    if (rows.length === 0) return;
    const rules = rows[0].rules.map((era) =>
      era.from === ERA_FROM && applies(era) ? { ...era, prizes } : era,
    );
    await queryRunner.query(`UPDATE "lotteries" SET "rules" = $1::jsonb WHERE "tag" = 'uk_lotto'`, [
      JSON.stringify(rules),
    ]);
  }
}
