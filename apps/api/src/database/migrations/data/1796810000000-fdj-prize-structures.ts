/**
 * Frozen copy (2026-11-27) of the prize structures that issue 30 corrected and added in the bundled lotteries.json
 * (EuroMillions from 2004, French Loto from 2017 and 2019, checked against FDJ's own result files), for migration
 * 1796810000000. Never edit: a migration must do the same thing forever.
 */
export const FDJ_PRIZE_STRUCTURES_1796810000000: {
  tag: string;
  eras: { from: string; prizes: unknown[] }[];
}[] = [
  {
    tag: 'eu_euromillions',
    eras: [
      {
        from: '2004-02-13',
        prizes: [
          {
            from: '2004-02-13',
            source:
              "http://www.theworldslotteries.com/euromillions/ (the 9-star game: 12 winning combinations with their odds and prize-fund shares); FDJ's result file legacy/euromillions.csv (rapport_du_rang1..12 and winners per rank for the 378 draws 2004-02-13..2011-05-06) in https://github.com/Lifegrid/LotoPredictor @ 311079fe0a087420c641954db5b3e3697bf15785, for FDJ's rank numbers (see apps/api/data/prizes/README.md)",
            note: "All tiers pari-mutuel; 2+0 wins nothing (it became rank 13 on 2011-05-10). FDJ numbers the ranks in odds order: 4+0 (1 in 16,143) is rank 6 above 3+2 (1 in 7,705), 3+1 (1 in 551) is rank 8 above 2+2 (1 in 538). Checked on FDJ's file: each rank's winners over 378 draws divided by its match probability give one number of lines played (within 3%) only in this order; the winners of ranks 7 and 9, not 6 and 8, follow the popularity of the drawn star pair; each rank's share of the prizes paid matches the published shares (rank 8: 7.9% of the non-jackpot prizes, 3+1's share 8.2%; rank 9: 6.7%, 2+2's 7.1%). Super draws and the 12-rollover rule paid an unwon jackpot to rank 2.",
            divisions: [
              {
                rank: 1,
                main: 5,
                special: 2,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 3,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 3,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 2,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 10,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 11,
                main: 1,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 12,
                main: 2,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2011-05-10',
        prizes: [
          {
            from: '2011-05-10',
            source:
              "http://www.national-lottery.co.uk/player/p/help/lotterydrawgames/euromillionshelp.ftl (operator: Lucky Stars 1-11 and a new Match 2+0 tier from 2011-05-10); https://sunnizm.ru/en/evromillions-kupit/ (13 tiers with odds and prize-fund shares for the 11-star game); FDJ's result files data/euromillions_2.csv and data/euromillions_3.csv (winners and rapport per rank, 562 draws 2011-05-10..2016-09-23) in https://github.com/Lifegrid/LotoPredictor @ 311079fe0a087420c641954db5b3e3697bf15785, for FDJ's rank numbers",
            note: "All tiers pari-mutuel (common prize pool). Rank numbers follow the odds with 11 stars (4+0 above 3+2, 2+2 above 3+1). Confirmed on FDJ's files: each rank's winners divided by its match probability give one number of lines played (within 2%) only with 4+0 at rank 6, 3+2 at 7, 2+2 at 8 and 3+1 at 9, and the winners of ranks 7 and 8 follow the popularity of the drawn star pair. 1+1, 0+2 and 1+0 win nothing.",
            divisions: [
              {
                rank: 1,
                main: 5,
                special: 2,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 3,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 2,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 3,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 10,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 11,
                main: 1,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 12,
                main: 2,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 13,
                main: 2,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2016-09-27',
        prizes: [
          {
            from: '2016-09-27',
            source:
              "https://irish.national-lottery.com/euromillions/prizes (13 tiers with prize-fund shares); https://www.tirage-euromillions.net/euromillions/probabilites/ (ranks 1-13 with odds, 12th star from Sept 2016); http://www.pressreader.com/france/aujourdhui-en-france/20160713/281646779474898 (new rules from the 27 Sept 2016 draw); FDJ's result files data/euromillions_4.csv, _201902.csv and _202002.csv (885 draws 2016-09-27..2025-03-25) in https://github.com/Lifegrid/LotoPredictor @ 311079fe0a087420c641954db5b3e3697bf15785, for FDJ's rank numbers",
            note: "All tiers pari-mutuel (common European prize pool). 3+2 ranks above 4+0 (rank 6 vs 7) in the 12-star game; some secondary sites swap them. Confirmed on FDJ's files: the winners of rank 6, not 7, follow the popularity of the drawn star pair, and only this order gives one number of lines played for ranks 6 and 7. 1+1 and 0+2 win nothing. UK Millionaire Maker / French My Million raffles are not tiers.",
            divisions: [
              {
                rank: 1,
                main: 5,
                special: 2,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 4,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 2,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 3,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 10,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 11,
                main: 1,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 12,
                main: 2,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 13,
                main: 2,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'fr_lotto',
    eras: [
      {
        from: '2008-10-06',
        prizes: [
          {
            from: '2017-03-06',
            source:
              "FDJ's result files loto2017.csv and loto_201902.csv in https://github.com/Annnouille/hello-world @ 0c2e5e5c1a74e60018662a627ad00dfb058f04ad (rapport_du_rang1..9 of the 417 draws 2017-03-06..2019-11-02: ranks 2-9 pay the same amounts every draw, even with no winner); http://tapis-vert.com/jeu-de-contrepartie-et-jeu-de-repartition/ (fixed-odds Loto since March 2017); https://www.20minutes.fr/societe/2006719-20170201-jeux-gratter-francaise-jeux-ajoute-tirage-complementaire-classique-loto and http://citizenpost.fr/2017/03/loto-nouvelle-formule-plus-de-gagnants/ (new formula from 2017-03-06: EUR 2.20 grid, 9 ranks, winning codes)",
            note: "Fixed amounts for ranks 2-9 in this formula, as FDJ's files pay them in every draw; rank 1 is the jackpot (the rank-1 rapport of a draw without winner is the jackpot on offer). Rank order checked on FDJ's files: each rank's winners divided by its match probability give one number of lines played (within 3%), and rank 9 counts 1 + Chance and 0 + Chance but not the Chance with 2 or more numbers. The 2008-10-06 to 2017-03-04 formula (6 ranks, EUR 2 grid) has no structure here: its files show ranks 1-5 = 5 + Chance, 5, 4, 3 and 2 numbers (the Chance does not matter for 3-5), and a rank 6 refund whose winner counts match every line with the Chance number, as if the refund came on top of ranks 3-5, which one division per line cannot express. Winning codes, second draw and Joker+ are side games.",
            divisions: [
              {
                rank: 1,
                main: 5,
                special: 1,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 5,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 100000,
                  currency: 'EUR',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 1000,
                  currency: 'EUR',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 500,
                  currency: 'EUR',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 50,
                  currency: 'EUR',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 20,
                  currency: 'EUR',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'EUR',
                },
              },
              {
                rank: 8,
                main: 2,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'EUR',
                },
              },
              {
                rank: 9,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2.2,
                  currency: 'EUR',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2.2,
                  currency: 'EUR',
                },
              },
            ],
          },
          {
            from: '2019-11-04',
            source:
              "FDJ's result file loto_201911.csv in https://github.com/MartYnX/loto @ bf7e3dde85b9ea7f3331372b4746f9c8a84a89b8 (rapport_du_rang1..9 of the 740 draws 2019-11-04..2024-07-24: ranks 2-8 pay a different amount every draw, rank 9 always EUR 2.20); https://www.rtl.fr/actu/debats-societe/loto-la-francaise-des-jeux-devoile-une-nouvelle-formule-7799390178 (new formula from 2019-11-04, EUR 2.20 grid unchanged); https://www.lotto.net/french-loto/prizes and https://www.euro-millions.com/pl/lotto-francja (ranks 2-8 as shares of the prize fund, EUR 2.20 for the Chance number alone or with one ball)",
            note: "Ranks 2-8 pari-mutuel again from 2019-11-04 (their amounts vary by draw in FDJ's file; with no winner FDJ still writes a rapport for rank 2, not paid). Rank 9 (1 + Chance or 0 + Chance) refunds the EUR 2.20 stake (higher in some special draws). Rank order checked on FDJ's file as for 2017. Winning codes, second draw and Joker+ are side games.",
            divisions: [
              {
                rank: 1,
                main: 5,
                special: 1,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 2,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2.2,
                  currency: 'EUR',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2.2,
                  currency: 'EUR',
                },
              },
            ],
          },
        ],
      },
    ],
  },
];
