/**
 * Frozen copy (2026-11-25) of the special pools and prize structures that issue 22 added to the bundled
 * lotteries.json, for migration 1796300000000. Never edit: a migration must do the same thing forever.
 */
export interface FrozenEraPrizes {
  from: string;
  pool?: 'own' | 'main';
  counted?: number;
  prizes: unknown[];
}

export const PRIZE_STRUCTURES_1796300000000: { tag: string; eras: FrozenEraPrizes[] }[] = [
  {
    tag: 'us_powerball',
    eras: [
      {
        from: '1997-11-01',
        pool: 'own',
        prizes: [],
      },
      {
        from: '2002-10-09',
        pool: 'own',
        prizes: [],
      },
      {
        from: '2005-08-31',
        pool: 'own',
        prizes: [],
      },
      {
        from: '2009-01-07',
        pool: 'own',
        prizes: [
          {
            from: '2009-01-07',
            source:
              'http://www.mnlottery.com/games/lotto_games/powerball/2_powerball/ (operator, Minnesota Lottery: the Jan-2012 change moved Match 5+0 from $200,000 to $1 million and Match 0+1 from $3 to $4, all other prize levels unchanged); http://www.powerball.us/info/prizes.php (the 2012 table the other levels are taken from); http://gaspricewatch.com/cgi-bin/news_item/090215100.html (Feb 2009 draw paid $200,000 for 5+0 and $10,000 for 4+1)',
            note: "Base prizes; the optional Power Play is not included. In California all prizes are pari-mutuel (operator footnote); elsewhere set prizes may become pari-mutuel in rare cases under the game rules. Levels 4+0 to 1+1 inferred from the 2012 table plus the operator's statement that only 5+0 and 0+1 changed in 2012.",
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
                  amount: 200000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 3,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2012-01-18',
        pool: 'own',
        prizes: [
          {
            from: '2012-01-18',
            source:
              'http://www.powerball.us/info/prizes.php (table valid for draws of January 18, 2012 and later); http://idaholottery.com/games/draw/powerball/PBchange.html (operator, Idaho Lottery: same prize table, first draw 2012-01-18)',
            note: 'Base prizes; the optional Power Play is not included. In California all prizes are pari-mutuel (operator footnote); elsewhere set prizes may become pari-mutuel in rare cases under the game rules. In this era Power Play paid fixed higher amounts rather than a multiplier (multiplier returned 2014-01-22).',
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
                  amount: 1000000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2015-10-07',
        pool: 'own',
        prizes: [
          {
            from: '2015-10-07',
            source:
              'https://www.powerball.com/powerball-prize-chart (operator); https://www.onlinelotteryservice.com/pages/powerball_payouts.html (agrees)',
            note: 'Base prizes; the optional Power Play is not included. In California all prizes are pari-mutuel (operator footnote); elsewhere set prizes may become pari-mutuel in rare cases under the game rules.',
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
                  amount: 1000000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 50000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 100,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'us_megamillions',
    eras: [
      {
        from: '2010-02-02',
        pool: 'own',
        prizes: [
          {
            from: '2010-02-02',
            source:
              'http://www.mega-millions.us/info/prizes.php (5/56 + 1/46 table with odds that match the matrix; prizes unchanged since 2005 apart from the Megaplier); http://davidorlic.com/mega-number-only (same amounts, secondary)',
            note: 'Base prizes; Megaplier not included; all prizes pari-mutuel in California. Medium confidence: secondary sources only (no operator chart found for this era).',
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
                  amount: 250000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 150,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 150,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 3,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2013-10-22',
        pool: 'own',
        prizes: [
          {
            from: '2013-10-22',
            source:
              'https://www.lotto.net/mega-millions/prizes (5/75 + 1/15 table); http://materlotteries.com/MegaMillions/lotteries-mega-millions (same table, odds agree); https://megamillions.com/news/2013/mega-millions-to-become-even-more-mega-beginning.aspx (operator: changes from the 2013-10-22 draw, $1M second prize); https://www.clickondetroit.com/news/mega-changes-to-the-mega-millions-lottery- (Mega Ball only pays $1)',
            note: 'Base prizes; Megaplier (2-5X) not included; all prizes pari-mutuel in California.',
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
                  amount: 1000000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 500,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 50,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 1,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2017-10-31',
        pool: 'own',
        prizes: [
          {
            from: '2017-10-31',
            source:
              'https://www.molottery.com/mega_millions/mega_millions.jsp (operator, Missouri Lottery: prize structure effective Oct. 28, 2017); https://florida.lottonumbers.com/mega-millions/odds-and-prizes (agrees)',
            note: 'New matrix on sale from 2017-10-28; first draw 2017-10-31. Base prizes; Megaplier (2-5X) not included; all prizes pari-mutuel in California.',
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
                  amount: 1000000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 500,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 200,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 4,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 2,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2025-04-08',
        pool: 'own',
        prizes: [
          {
            from: '2025-04-08',
            source:
              'https://www.megamillions.com/how-to-play.aspx (operator chart); https://wilottery.com/mega-millions-new-features (operator: built-in multiplier, base $5 listed although the minimum paid is $10); https://www.latimes.com/california/story/2025-03-26/mega-million-to-improve-the-odds-of-winning-and-boost-jackpot-size (0+1 pays $10-$50, 4+0 pays $1,000-$5,000); https://www.lotterypost.com/news/354113 (first draw 2025-04-08)',
            note: 'Base amounts. Every $5 play carries a built-in multiplier (2X, 3X, 4X, 5X or 10X) that applies to every non-jackpot prize, so the amount paid is base x 2-10 (e.g. 5+0 pays $2M-$10M, 0+1 pays $10-$50); the base amounts themselves are never paid. Not checked whether California still pays pari-mutuel under this game.',
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
                  amount: 1000000,
                  currency: 'USD',
                },
              },
              {
                rank: 3,
                main: 4,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10000,
                  currency: 'USD',
                },
              },
              {
                rank: 4,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 500,
                  currency: 'USD',
                },
              },
              {
                rank: 5,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 200,
                  currency: 'USD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'USD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'USD',
                },
              },
              {
                rank: 8,
                main: 1,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 7,
                  currency: 'USD',
                },
              },
              {
                rank: 9,
                main: 0,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'USD',
                },
              },
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'eu_euromillions',
    eras: [
      {
        from: '2004-02-13',
        pool: 'own',
        prizes: [],
      },
      {
        from: '2011-05-10',
        pool: 'own',
        prizes: [
          {
            from: '2011-05-10',
            source:
              'http://www.national-lottery.co.uk/player/p/help/lotterydrawgames/euromillionshelp.ftl (operator: Lucky Stars 1-11 and a new Match 2+0 tier from 2011-05-10); https://sunnizm.ru/en/evromillions-kupit/ (13 tiers with odds and prize-fund shares for the 11-star game)',
            note: 'All tiers pari-mutuel (common prize pool). Rank numbers follow the odds table (4+0 above 3+2, 2+2 above 3+1 with 11 stars); no operator rank table found, so the 6/7 and 8/9 numbering is medium confidence. 1+1, 0+2 and 1+0 win nothing.',
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
        pool: 'own',
        prizes: [
          {
            from: '2016-09-27',
            source:
              'https://irish.national-lottery.com/euromillions/prizes (13 tiers with prize-fund shares); https://www.tirage-euromillions.net/euromillions/probabilites/ (ranks 1-13 with odds, 12th star from Sept 2016); http://www.pressreader.com/france/aujourdhui-en-france/20160713/281646779474898 (new rules from the 27 Sept 2016 draw)',
            note: 'All tiers pari-mutuel (common European prize pool). 3+2 ranks above 4+0 (rank 6 vs 7) in the 12-star game; some secondary sites swap them. 1+1 and 0+2 win nothing. UK Millionaire Maker / French My Million raffles are not tiers.',
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
    tag: 'uk_lotto',
    eras: [
      {
        from: '1994-11-19',
        pool: 'main',
        prizes: [
          {
            from: '1994-11-19',
            source:
              'http://winuknationallottery.co.uk/uk-lotto-how-it-works.html (Match 3 winners paid a set prize first, Match 4 and above share the prize fund); http://www.national-lottery.co.uk/player/p/lottonews.ftl (operator: the fixed Match 3 prize was GBP 10 until the Oct-2013 change)',
            note: 'Match 3 fixed GBP 10 (paid pari-mutuel only if the prize fund cannot cover it); 4, 5 and 5+Bonus pari-mutuel; the bonus ball only matters with exactly 5 main numbers; Match 2 wins nothing. Assumed unchanged from the 1994 launch to 2013 (no source found for any change in between).',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'GBP',
                },
              },
            ],
          },
          {
            from: '2013-10-05',
            source:
              'https://www.national-lottery.com/news/uk-lotto-changes-on-saturday-5-october-2013 and http://www.worldlottery.net/news/uk-lotto-will-change-on-saturday-5-october-2013.asp (changes from the 2013-10-05 draw: Match 3 from GBP 10 to GBP 25, GBP 2 ticket, Lotto Raffle); http://www.national-lottery.co.uk/player/p/help/lotterydrawgames/lotto_whatis.ftl (operator)',
            note: 'Match 3 fixed GBP 25; 4, 5 and 5+Bonus pari-mutuel. The Lotto Raffle (GBP 20,000 prizes) is a separate raffle, not a tier.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 25,
                  currency: 'GBP',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2015-10-10',
        pool: 'main',
        prizes: [
          {
            from: '2015-10-10',
            source:
              'http://lottery.merseyworld.com/Info/Main_Changes_2015.html (2015 changes: 59 balls, Match 2 wins a Lucky Dip); https://www.portsmouth.co.uk/news/people/national-lottery-changes-q-a-guide-1-6802057 (Match 3 stays GBP 25); https://metro.co.uk/2016/03/24/people-with-five-numbers-on-the-lottery-got-paid-less-than-those-with-three-5772728/ (5+B, 5 and 4 are pari-mutuel estimates, Match 3 GBP 25)',
            note: 'Match 3 fixed GBP 25; Match 2 wins a free Lucky Dip; 4, 5 and 5+Bonus pari-mutuel (estimated GBP 100 / 1,000 / 50,000). The GBP 1M Millionaire Raffle (until 2018-11-17) is not a tier.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 25,
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
          {
            from: '2018-11-21',
            source:
              'https://www.lottery.co.uk/lotto/changes (new rules from Wednesday 21 November 2018, fixed amounts per tier); https://www.national-lottery.com/news/exciting-uk-lotto-changes-announced-from-november-2018 (first draw with the new prizes 2018-11-21)',
            note: 'Fixed prizes from the first draw after the last Millionaire Raffle (2018-11-17). In a Must-Be-Won draw with no jackpot winner the jackpot rolls down and tiers 2-5 pay more than these amounts; from 2020-11-07 such a roll-down also pays GBP 5 cash to Match 2.',
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
        ],
      },
    ],
  },
  {
    tag: 'fr_lotto',
    eras: [
      {
        from: '2008-10-06',
        pool: 'own',
        prizes: [
          {
            from: '2017-03-06',
            source:
              'https://www.lotto.net/french-loto/prizes and https://www.euro-millions.com/pl/lotto-francja (ranks 2-8 as shares of the prize fund, fixed EUR 2.20 for the Chance number alone or with one ball); https://www.20minutes.fr/societe/2006719-20170201-jeux-gratter-francaise-jeux-ajoute-tirage-complementaire-classique-loto and http://citizenpost.fr/2017/03/loto-nouvelle-formule-plus-de-gagnants/ (new formula from 2017-03-06: EUR 2.20 grid, 9 ranks, winning codes); http://tapis-vert.com/jeu-de-contrepartie-et-jeu-de-repartition/ (conflicting: says fixed amounts since March 2017)',
            note: 'Sources conflict on ranks 2-8: lotto.net / euro-millions.com give pari-mutuel shares (and observed rank-3 payouts vary by draw), tapis-vert.com says fixed amounts since March 2017; recorded as pari-mutuel. Rank 9 (1 + Chance or 0 + Chance) refunds the EUR 2.20 stake (higher in some special draws). The 2008-10-06 to 2017-03-04 formula had only 6 ranks (FDJ result files) and a EUR 2 grid; its exact rank definitions were not verified, so those draws have no structure here. Winning codes, second draw and Joker+ are side games.',
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
  {
    tag: 'de_lotto',
    eras: [
      {
        from: '1955-10-09',
        prizes: [],
      },
      {
        from: '1991-12-07',
        pool: 'own',
        prizes: [
          {
            from: '2013-05-04',
            source:
              'https://lotto-von-zuhause.de/lotto-6-aus-49 and https://lotterie-online.eu/Lotto-Aenderungen-Mai-2013.html (from the 2013-05-04 draw: Zusatzzahl dropped, Superzahl classes, new class 9 = 2 + Superzahl, fixed EUR 5); https://www.dereurojackpot.net/eurojackpot-nachrichten/neuer-gewinnrang-bei-lotto/ (class 9 fixed EUR 5)',
            note: 'Classes 1-8 pari-mutuel (class 1 = jackpot, rolls over); class 9 fixed EUR 5; 2 numbers without Superzahl win nothing. Before 2013-05-04 the lower classes used the Zusatzzahl, which is not in this data, so those draws have no structure here.',
            divisions: [
              {
                rank: 1,
                main: 6,
                special: 1,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                special: 0,
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
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'EUR',
                },
              },
            ],
          },
          {
            from: '2020-09-23',
            source:
              "https://lotto.web.de/ratgeber/lottozahlen/2-richtige/superzahl (class 9 'immer 6 Euro', EUR 1.20 stake); https://www.augsburger-allgemeine.de/panorama/Jetzt-ist-Lotto-teurer-Das-sind-alle-Aenderungen-id58176246.html and https://www.t-online.de/nachrichten/panorama/id_88418872/lotto-das-sind-die-neuen-regeln-ab-23-september-das-aendert-sich.html (price EUR 1.20 and higher prizes from 2020-09-23)",
            note: 'Class 9 EUR 6 from the EUR 1.20 price rise on 2020-09-23 (one explicit source for the EUR 6 amount; medium confidence). The Nov-2023 jackpot cap change (EUR 50M, no forced roll-down) does not change the classes.',
            divisions: [
              {
                rank: 1,
                main: 6,
                special: 1,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                special: 0,
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
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 8,
                main: 3,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 9,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 6,
                  currency: 'EUR',
                },
              },
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'eu_eurojackpot',
    eras: [
      {
        from: '2012-03-23',
        pool: 'own',
        prizes: [
          {
            from: '2012-03-23',
            source:
              'https://sunnizm.ru/lotto-eurojackpot/ (classes I-XII for 5/50 + 2/8 with odds); https://lotto-von-zuhause.de/eurojackpot (classes 8 and 9 were swapped from the 2014-10-10 draw)',
            note: 'All 12 classes pari-mutuel (class 1 jackpot, minimum EUR 10M). With 2/8 Euro numbers class 8 = 3+1 and class 9 = 2+2. Medium confidence (secondary sources).',
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
        from: '2014-10-10',
        pool: 'own',
        prizes: [
          {
            from: '2014-10-10',
            source:
              'https://www.lottozahlennet.de/news/neue-eurojackpot-regeln-ab-10-oktober-2014 (from 2014-10-10: Euro numbers 2 of 10, class 8 = 2+2, class 9 = 3+1); https://lotto-von-zuhause.de/eurojackpot (same swap); class 6 = 4+0 above class 7 = 3+2 per euro-jackpot.com as cited in shared prize-tiers research',
            note: 'All 12 classes pari-mutuel. 2+0 wins nothing.',
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
            ],
          },
        ],
      },
      {
        from: '2022-03-25',
        pool: 'own',
        prizes: [
          {
            from: '2022-03-25',
            source:
              'https://faber.de/eurojackpot/spielregeln (classes 1-12 for 5/50 + 2/12); https://www.beatlottery.co.uk/eurojackpot/index and https://www.lotteryoffice.com.au/game-rules/european-jackpot/ (same order); https://www.lotto-sh.de/aktuelles/news/newsdetail_09387?gbn=8 (operator: change on 2022-03-25)',
            note: 'All 12 classes pari-mutuel (class 1 jackpot EUR 10M-120M; money above the cap goes to class 2). With 12 Euro numbers 3+2 (class 6) ranks above 4+0 (class 7). Class percentages not found.',
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
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'ca_lotto649',
    eras: [
      {
        from: '1982-06-12',
        pool: 'main',
        prizes: [
          {
            from: '2004-06-02',
            source:
              'https://m.lotterypost.com/news/88619 (from the first $2 draw on 2004-06-02 the game is unchanged except for a new $5 prize for 2/6 + Bonus); https://www.had2know.org/entertainment/649-canadian-lottery-number-generator.html ($2-era table: 6/6, 5/6+B, 5/6, 4/6 shares of the pool, 3/6 $10, 2/6+B $5)',
            note: '6/6 rolling jackpot and 5/6+B, 5/6, 4/6 pari-mutuel; 3/6 fixed CAD 10; 2/6+Bonus fixed CAD 5; 2/6 wins nothing. Draws before 2004-06-02 ($1 game, no 2/6+B prize) have no structure here (3/6 amount before 2004 not verified).',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'CAD',
                },
              },
              {
                rank: 6,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'CAD',
                },
              },
            ],
          },
          {
            from: '2013-09-18',
            source:
              'https://en.wikipedia.org/wiki/Lotto_6/49 ($3 entry since the 2013-09-18 draw); https://www.huffingtonpost.ca/2013/04/24/lotto-649-price-change_n_3148477.html (free play for matching two numbers from Sept 2013); https://www.lotto.net/canada-lotto-6-49/prizes (table: 79.5/6/5/9.5% of Pools Fund, $10, $5, free ticket)',
            note: '6/6 rolling jackpot (79.5% of Pools Fund); 5/6+B, 5/6, 4/6 pari-mutuel; 3/6 CAD 10; 2/6+B CAD 5; 2/6 a free play. The guaranteed $1M prize draw is a separate raffle.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'CAD',
                },
              },
              {
                rank: 6,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'CAD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 0,
                prize: {
                  type: 'free-play',
                },
              },
            ],
          },
          {
            from: '2022-09-14',
            source:
              'https://www.wclc.com/games/the-new-lotto-649-is-here.htm (operator: first draw of the new game 2022-09-14, Classic Draw jackpot always $5 million); https://globalnews.ca/news/9125768/1st-draw-new-lotto-649-game-reformat/; https://www.olg.ca/en/lottery/play-lotto-649-encore/lotto-649-game-conditions.html (operator game conditions)',
            note: 'Rank 1 is a fixed CAD 5,000,000 shared among 6/6 winners (does not roll over); recorded as type jackpot. The rolling jackpot moved to the Gold Ball draw, a separate raffle on the ticket number. Other tiers unchanged.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'fixed',
                  amount: 10,
                  currency: 'CAD',
                },
              },
              {
                rank: 6,
                main: 2,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 5,
                  currency: 'CAD',
                },
              },
              {
                rank: 7,
                main: 2,
                special: 0,
                prize: {
                  type: 'free-play',
                },
              },
            ],
          },
        ],
      },
    ],
  },
  {
    tag: 'ca_lottomax',
    eras: [
      {
        from: '2009-09-25',
        pool: 'main',
        prizes: [
          {
            from: '2009-09-25',
            source:
              'https://www.lottomaxnumbers.com/changes (previous structure before May 2019: 7/7 89.25%, 6/7+B, 6/7, 5/7 shares; 4/7 and 3/7+B $20; 3/7 free play); http://the-uncensored-wiki.com:20151/2015-wikipedia_en_all_2015-05/A/Lotto_Max.html (2015 table, same tiers); https://www.had2know.com/entertainment/lotto-max-probability-number-generator.html',
            note: 'Main draw only; MAXMILLIONS draws excluded. 7/7 jackpot; 6/7+B, 6/7, 5/7 pari-mutuel; 4/7 (bonus irrelevant) and 3/7+B fixed CAD 20; 3/7 a free play. Pool percentages changed over time (e.g. 87% -> 89.25%) without changing the tiers.',
            divisions: [
              {
                rank: 1,
                main: 7,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 4,
                prize: {
                  type: 'fixed',
                  amount: 20,
                  currency: 'CAD',
                },
              },
              {
                rank: 6,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 20,
                  currency: 'CAD',
                },
              },
              {
                rank: 7,
                main: 3,
                special: 0,
                prize: {
                  type: 'free-play',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2019-05-14',
        pool: 'main',
        prizes: [
          {
            from: '2019-05-14',
            source:
              'https://www.olg.ca/en/lottery/play-lotto-max-encore/lotto-max-game-conditions.html (operator game conditions 2024-09-10 to 2026-04-10, winning selections); https://www.lottomaxnumbers.com/changes (May 2019: new 5/7+B and 4/7+B tiers, new percentages); https://lotterywinwinner.co.za/lotto-max-chances/',
            note: 'Main draw only; MAXMILLIONS draws excluded. Jackpot cap changes (CAD 70M in 2019, 80M from 2024-09-10) did not change the tiers.',
            divisions: [
              {
                rank: 1,
                main: 7,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 4,
                special: 0,
                prize: {
                  type: 'fixed',
                  amount: 20,
                  currency: 'CAD',
                },
              },
              {
                rank: 8,
                main: 3,
                special: 1,
                prize: {
                  type: 'fixed',
                  amount: 20,
                  currency: 'CAD',
                },
              },
              {
                rank: 9,
                main: 3,
                special: 0,
                prize: {
                  type: 'free-play',
                },
              },
            ],
          },
          {
            from: '2026-04-14',
            source:
              'https://www.lotterypost.com/news/356432 (new game conditions in effect 2026-04-10, first draw 2026-04-14: cap CAD 90M, MAXPLUS prizes, higher price, harder jackpot odds)',
            note: 'New game conditions from the 2026-04-14 draw; the main-draw tiers (and possibly the matrix) were not found, so the structure is unknown. The bundled CSV ends 2024-05-24, so no stored draw is affected.',
            divisions: null,
          },
        ],
      },
    ],
  },
  {
    tag: 'it_superenalotto',
    eras: [
      {
        from: '2009-01-02',
        pool: 'main',
        counted: 1,
        prizes: [
          {
            from: '2009-01-02',
            source:
              'http://www.superenalottosuperstar.com/montepremi.html (five categories, pool shares 20/20/15/15/30%); https://www.dossier.net/relax/lotto/ (same); http://www.archiviolastampa.it/component/option,com_lastampa/task,search/Itemid,3/action,detail/id,0561_01_1998_0243_0015_7504151/ (5+1 a category of its own since 1998-09-09)',
            note: 'All categories pari-mutuel; the Jolly only matters for 5+1. SuperStar is a separate add-on game (special number 2, not counted).',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
          {
            from: '2016-02-02',
            source:
              'https://www.agimeg.it/datitalia/superenalotto-un-anno-lancio-del-restyling-nel-primo-anno-vinti-190-milioni-euro-cui-6-dei-record-vibo-valentia (new formula launched with the 2016-02-02 draw; you also win with 2); http://www.agimeg.it/il-superenalotto-si-rifa-il-look-da-domenica-al-via-le-nuove-giocate-ecco-come-cambia-il-gioco-che-ha-fatto-sognare-gli-italiani/ (2 numbers: at least EUR 5); https://quifinanza.it/info-utili/come-diviso-montepremi-superenalotto/203766/ (six categories with pool shares)',
            note: 'All categories pari-mutuel (the new 2 category typically about EUR 5). The Jolly only matters for 5+1. Instant wins (EUR 25) and SuperStar prizes are not draw tiers.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 2,
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
    tag: 'au_ozlotto',
    eras: [
      {
        from: '2005-10-18',
        pool: 'main',
        prizes: [
          {
            from: '2005-10-18',
            source:
              'https://www.lotto.net/oz-lotto/prizes (7/45 + 2 supplementaries: seven tiers with odds and prize-fund shares); https://lottodraw.com.au/blog/oz-lotto-winning-combinations (same combinations); https://en.wikipedia.org/wiki/Oz_Lotto (seventh number drawn from 2005-10-18)',
            note: 'All divisions pari-mutuel (Division 1 jackpots). Supplementaries count only in Divisions 2, 4 and 7; Division 6 is any 4 winning numbers. Odds in the sources match the 7/45 + 2 matrix.',
            divisions: [
              {
                rank: 1,
                main: 7,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                specialAtLeast: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 3,
                specialAtLeast: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
        ],
      },
      {
        from: '2022-05-17',
        pool: 'main',
        prizes: [
          {
            from: '2022-05-17',
            source:
              'https://www.miragenews.com/australias-tuesday-night-oz-lotto-game-explained-970949/ (divisions and new odds); https://mediacentre.thelott.com/media-releases/oz-lotto-game-upgrade (operator: 7/47 + 3 supplementaries from draw 1474 on 2022-05-17); https://www.thelott.com/promotions/new-oz-lotto/faq (operator)',
            note: 'All divisions pari-mutuel (Division 1 from AUD 3M, jackpots). Division 2 = 6 + 1 supplementary (only one pick left); Division 4 = 5 + 1 or 2; Division 7 = 3 + 1, 2 or 3; Division 6 = any 4. Odds recomputed from the matrix agree with the source.',
            divisions: [
              {
                rank: 1,
                main: 7,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 6,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 5,
                specialAtLeast: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 5,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 3,
                specialAtLeast: 1,
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
    tag: 'au_powerball',
    eras: [
      {
        from: '2018-04-19',
        pool: 'own',
        prizes: [
          {
            from: '2018-04-19',
            source:
              'https://www.powerball.net/australia/prizes (nine divisions with odds and prize-pool shares); https://bookiesoft.com/casinos/frequent-question-what-division-is-4-numbers-in-powerball.html (Divisions 4-7 agree); https://www.thelotter.com/lottery-news/australia-powerball-changes-will-bring-higher-jackpots-more-winners-6734/ (7/35 + 1/20 and ninth division from the 2018-04-19 draw)',
            note: 'All divisions pari-mutuel (Division 1 jackpots). Division 6 (4 + Powerball) ranks above Division 7 (5 without Powerball). 4, 3, 2 without the Powerball and 1 or 0 + Powerball win nothing. Odds recomputed from the matrix agree.',
            divisions: [
              {
                rank: 1,
                main: 7,
                special: 1,
                prize: {
                  type: 'jackpot',
                },
              },
              {
                rank: 2,
                main: 7,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 3,
                main: 6,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 4,
                main: 6,
                special: 0,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 5,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 4,
                special: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 7,
                main: 5,
                special: 0,
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
                special: 1,
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
    tag: 'au_saturday_lotto',
    eras: [
      {
        from: '2010-05-22',
        pool: 'main',
        prizes: [
          {
            from: '2010-05-22',
            source:
              'http://www.lotterywest.wa.gov.au:80/games/games-information/saturday-lotto (operator, old divisions table with odds); https://gnetwork.com.au/lotto/how-do-i-know-i%E2%80%99ve-won-monday-wednesday-or-saturday-lotto/ (same divisions); https://www.lotterywest.wa.gov.au/betterthanever (operator: Division 6 was 1 or 2 winning numbers + both supplementaries until 2020-10-10)',
            note: 'All divisions pari-mutuel (Division 1 about AUD 4M, jackpots if not won). The sources describe the structure in force before 2020-10-10 without a start date; assumed for the whole stored span from 2010-05-22.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                specialAtLeast: 1,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 2,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 6,
                main: 1,
                special: 2,
                prize: {
                  type: 'parimutuel',
                },
              },
            ],
          },
          {
            from: '2020-10-10',
            source:
              'https://www.lotterywest.wa.gov.au/betterthanever (operator: from draw 4093 on 2020-10-10 Division 6 = 3 winning numbers, odds 1 in 52; Division 1 about AUD 5M); https://australia.national-lottery.com/saturday-lotto/events (same change)',
            note: 'All divisions pari-mutuel (Division 1 about AUD 5M, shared; Superdraws/Megadraws larger). Supplementaries count in Divisions 2 and 5 only.',
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
                prize: {
                  type: 'parimutuel',
                },
              },
              {
                rank: 5,
                main: 3,
                specialAtLeast: 1,
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
            ],
          },
        ],
      },
    ],
  },
];
