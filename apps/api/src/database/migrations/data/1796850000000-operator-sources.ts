/**
 * Frozen copy of the bundled lotteries' public sources and default draw sources for migration 1796850000000
 * (issue 31). Never edit: a migration must do the same thing forever.
 *
 * Made from apps/api/data/draws/lotteries.json of the commit that shipped the migration: `before` is the
 * `source` column the bundle loader of bca6d77 wrote (`${source} (licence: ${license})`), `source` the operator's
 * publication the bundle names now, `sync` its draw source with fallbacks (mappings as written there), and
 * `shippedBefore` the source an older bundle already gave the lottery (the two US lotteries).
 */
export interface FrozenEndpoint {
  adapter: string;
  url: string;
  mapping: Record<string, unknown> | null;
}

export interface FrozenOperatorSource {
  tag: string;
  before: string;
  source: string;
  sync: (FrozenEndpoint & { fallbacks: FrozenEndpoint[] }) | null;
  shippedBefore: { adapter: string; url: string } | null;
}

export const OPERATOR_SOURCES_1796850000000: FrozenOperatorSource[] = [
  {
    tag: 'us_powerball',
    before:
      'https://github.com/jbaranski/jeffs-lottery-utils numbers/powerball-pre-10-07-2015.csv + numbers/powerball.csv @ fb442fb5ee385d3a03b8280e8e28f102ce4359df (licence: MIT (repository LICENSE.txt, (c) 2024 Jeff Baranski); draw results are public facts published by MUSL/powerball.com)',
    source:
      "Multi-State Lottery Association (MUSL), which runs Powerball (powerball.com); results as published by the New York Lottery on New York State's open-data portal (data.ny.gov)",
    sync: {
      adapter: 'socrata-powerball',
      url: 'https://data.ny.gov/resource/d6yy-54nr.json',
      mapping: null,
      fallbacks: [
        {
          adapter: 'generic',
          url: 'https://www.texaslottery.com/export/sites/lottery/Games/Powerball/Winning_Numbers/powerball.csv',
          mapping: {
            format: 'csv',
            header: false,
            filter: {
              '1': 'Powerball',
            },
            date: ['2', '3', '4'],
            dateFormat: 'MM-DD-YYYY',
            main: ['5', '6', '7', '8', '9'],
            special: '10',
          },
        },
        {
          adapter: 'generic',
          url: 'https://raw.githubusercontent.com/jbaranski/jeffs-lottery-utils/main/numbers/powerball.csv',
          mapping: {
            format: 'csv',
            date: 'date',
            dateFormat: 'MM/DD/YYYY',
            main: 'white_balls',
            separator: '|',
            special: 'red_ball',
          },
        },
      ],
    },
    shippedBefore: {
      adapter: 'socrata-powerball',
      url: 'https://data.ny.gov/resource/d6yy-54nr.json',
    },
  },
  {
    tag: 'us_megamillions',
    before:
      'https://github.com/jbaranski/jeffs-lottery-utils numbers/megamillions-pre-10-28-2017.csv + numbers/megamillions.csv @ fb442fb5ee385d3a03b8280e8e28f102ce4359df (licence: MIT (repository LICENSE.txt, (c) 2024 Jeff Baranski); results are public facts published by megamillions.com)',
    source:
      "The Mega Millions group of US lotteries (megamillions.com); results as published by the New York Lottery on New York State's open-data portal (data.ny.gov)",
    sync: {
      adapter: 'socrata-megamillions',
      url: 'https://data.ny.gov/resource/5xaw-6ayf.json',
      mapping: null,
      fallbacks: [
        {
          adapter: 'generic',
          url: 'https://www.texaslottery.com/export/sites/lottery/Games/Mega_Millions/Winning_Numbers/megamillions.csv',
          mapping: {
            format: 'csv',
            header: false,
            filter: {
              '1': 'Mega Millions',
            },
            date: ['2', '3', '4'],
            dateFormat: 'MM-DD-YYYY',
            main: ['5', '6', '7', '8', '9'],
            special: '10',
          },
        },
        {
          adapter: 'generic',
          url: 'https://raw.githubusercontent.com/jbaranski/jeffs-lottery-utils/main/numbers/megamillions.csv',
          mapping: {
            format: 'csv',
            date: 'date',
            dateFormat: 'MM/DD/YYYY',
            main: 'white_balls',
            separator: '|',
            special: 'yellow_ball',
          },
        },
      ],
    },
    shippedBefore: {
      adapter: 'socrata-megamillions',
      url: 'https://data.ny.gov/resource/5xaw-6ayf.json',
    },
  },
  {
    tag: 'eu_euromillions',
    before:
      'https://github.com/Lifegrid/LotoPredictor legacy/euromillions.csv, data/euromillions_2.csv, _3.csv, _4.csv, _201902.csv, _202002.csv @ 311079fe0a087420c641954db5b3e3697bf15785 (copies of FDJ historic result files) (licence: No license file in the repository; the files are unmodified FDJ (Française des Jeux) public historic-results downloads)',
    source:
      'Française des Jeux (FDJ), one of the EuroMillions lotteries (fdj.fr): its published results history',
    sync: {
      adapter: 'generic',
      url: 'https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afe6',
      mapping: {
        format: 'csv',
        archive: {
          type: 'zip',
          member: '^euromillions_\\d+\\.csv$',
        },
        encoding: 'windows-1252',
        delimiter: ';',
        date: 'date_de_tirage',
        dateFormat: 'DD/MM/YYYY',
        main: ['boule_1', 'boule_2', 'boule_3', 'boule_4', 'boule_5'],
        special: ['etoile_1', 'etoile_2'],
        prizes: {
          currency: 'EUR',
          decimal: ',',
          divisions: [
            {
              rank: 1,
              winners: 'nombre_de_gagnant_au_rang1_Euro_Millions_en_europe',
              amount: 'rapport_du_rang1_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang1_Euro_Millions_en_france',
              },
            },
            {
              rank: 2,
              winners: 'nombre_de_gagnant_au_rang2_Euro_Millions_en_europe',
              amount: 'rapport_du_rang2_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang2_Euro_Millions_en_france',
              },
            },
            {
              rank: 3,
              winners: 'nombre_de_gagnant_au_rang3_Euro_Millions_en_europe',
              amount: 'rapport_du_rang3_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang3_Euro_Millions_en_france',
              },
            },
            {
              rank: 4,
              winners: 'nombre_de_gagnant_au_rang4_Euro_Millions_en_europe',
              amount: 'rapport_du_rang4_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang4_Euro_Millions_en_france',
              },
            },
            {
              rank: 5,
              winners: 'nombre_de_gagnant_au_rang5_Euro_Millions_en_europe',
              amount: 'rapport_du_rang5_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang5_Euro_Millions_en_france',
              },
            },
            {
              rank: 6,
              winners: 'nombre_de_gagnant_au_rang6_Euro_Millions_en_europe',
              amount: 'rapport_du_rang6_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang6_Euro_Millions_en_france',
              },
            },
            {
              rank: 7,
              winners: 'nombre_de_gagnant_au_rang7_Euro_Millions_en_europe',
              amount: 'rapport_du_rang7_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang7_Euro_Millions_en_france',
              },
            },
            {
              rank: 8,
              winners: 'nombre_de_gagnant_au_rang8_Euro_Millions_en_europe',
              amount: 'rapport_du_rang8_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang8_Euro_Millions_en_france',
              },
            },
            {
              rank: 9,
              winners: 'nombre_de_gagnant_au_rang9_Euro_Millions_en_europe',
              amount: 'rapport_du_rang9_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang9_Euro_Millions_en_france',
              },
            },
            {
              rank: 10,
              winners: 'nombre_de_gagnant_au_rang10_Euro_Millions_en_europe',
              amount: 'rapport_du_rang10_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang10_Euro_Millions_en_france',
              },
            },
            {
              rank: 11,
              winners: 'nombre_de_gagnant_au_rang11_Euro_Millions_en_europe',
              amount: 'rapport_du_rang11_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang11_Euro_Millions_en_france',
              },
            },
            {
              rank: 12,
              winners: 'nombre_de_gagnant_au_rang12_Euro_Millions_en_europe',
              amount: 'rapport_du_rang12_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang12_Euro_Millions_en_france',
              },
            },
            {
              rank: 13,
              winners: 'nombre_de_gagnant_au_rang13_Euro_Millions_en_europe',
              amount: 'rapport_du_rang13_Euro_Millions',
              regions: {
                FR: 'nombre_de_gagnant_au_rang13_Euro_Millions_en_france',
              },
            },
          ],
        },
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'uk_lotto',
    before:
      'https://github.com/gstoakes-git/Lott uk_lotto_history_full.csv (MHTML save of lotto.merseyworld.com CSV view) @ 5d796ac1c0a54862341c6e3a146a81220ebac4df (licence: No license file in the repository; data compiled by lotto.merseyworld.com ("Data obtained from http://lottery.merseyworld.com/"))',
    source:
      'Allwyn Entertainment Ltd, operator of the UK National Lottery (national-lottery.co.uk): its published results',
    sync: {
      adapter: 'generic',
      url: 'https://www.national-lottery.co.uk/results/lotto/draw-history/csv',
      mapping: {
        format: 'csv',
        date: 'DrawDate',
        dateFormat: 'DD-MMM-YYYY',
        main: ['Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5', 'Ball 6'],
        special: 'Bonus Ball',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'fr_lotto',
    before:
      'https://github.com/NicoCaill13/euromillions-predict data/loto/loto1.csv..loto4.csv @ 22ecfeecddcd895e277681bdad6e6c6420c39202 (column subsets of FDJ nouveau_loto/loto2017/loto_201902/loto_201911 files); + 1 row from https://github.com/Franfran62/ITRoomLoto loto_201911.csv @ ac19aeed5e1a7d66e848e56f5b86cc73411a2098 (licence: No license file in either repository; the data are FDJ (Française des Jeux) public historic-results downloads)',
    source: 'Française des Jeux (FDJ), operator of Loto (fdj.fr): its published results history',
    sync: {
      adapter: 'generic',
      url: 'https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afp6',
      mapping: {
        format: 'csv',
        archive: {
          type: 'zip',
          member: '^loto_\\d+\\.csv$',
        },
        encoding: 'windows-1252',
        delimiter: ';',
        date: 'date_de_tirage',
        dateFormat: 'DD/MM/YYYY',
        main: ['boule_1', 'boule_2', 'boule_3', 'boule_4', 'boule_5'],
        special: 'numero_chance',
        prizes: {
          currency: 'EUR',
          decimal: ',',
          divisions: [
            {
              rank: 1,
              winners: 'nombre_de_gagnant_au_rang1',
              amount: 'rapport_du_rang1',
            },
            {
              rank: 2,
              winners: 'nombre_de_gagnant_au_rang2',
              amount: 'rapport_du_rang2',
            },
            {
              rank: 3,
              winners: 'nombre_de_gagnant_au_rang3',
              amount: 'rapport_du_rang3',
            },
            {
              rank: 4,
              winners: 'nombre_de_gagnant_au_rang4',
              amount: 'rapport_du_rang4',
            },
            {
              rank: 5,
              winners: 'nombre_de_gagnant_au_rang5',
              amount: 'rapport_du_rang5',
            },
            {
              rank: 6,
              winners: 'nombre_de_gagnant_au_rang6',
              amount: 'rapport_du_rang6',
            },
            {
              rank: 7,
              winners: 'nombre_de_gagnant_au_rang7',
              amount: 'rapport_du_rang7',
            },
            {
              rank: 8,
              winners: 'nombre_de_gagnant_au_rang8',
              amount: 'rapport_du_rang8',
            },
            {
              rank: 9,
              winners: 'nombre_de_gagnant_au_rang9',
              amount: 'rapport_du_rang9',
            },
          ],
        },
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'de_lotto',
    before:
      'https://github.com/JohannesFriedrich/LottoNumberArchive Lottonumbers_complete.json @ 87561b08e7c647265dabbc61affa17ccf51a19d3 (licence: LGPL-3.0 (repository LICENSE))',
    source:
      'Deutscher Lotto- und Totoblock (DLTB), the German state lotteries (lotto.de): their published results',
    sync: {
      adapter: 'generic',
      url: 'https://johannesfriedrich.github.io/LottoNumberArchive/Lottonumbers_complete.json',
      mapping: {
        format: 'json',
        rows: 'data',
        date: 'date',
        dateFormat: 'DD.MM.YYYY',
        main: 'Lottozahl',
        special: 'Superzahl',
      },
      fallbacks: [
        {
          adapter: 'generic',
          url: 'https://raw.githubusercontent.com/daowa89/lottery-archive/main/de/lotto_6aus49/results.csv',
          mapping: {
            format: 'csv',
            date: 'date',
            main: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'],
            special: 'superzahl',
          },
        },
      ],
    },
    shippedBefore: null,
  },
  {
    tag: 'eu_eurojackpot',
    before:
      'https://github.com/rescue3dcom-hub/lotto-data eurojackpot.csv @ cc1c3fe6eade06095646ec8a3dd1d247ee0f3caa (licence: No license file in the repository (auto-scraped by a GitHub Action))',
    source:
      'The Eurojackpot lotteries (eurojackpot.com), draws held in Helsinki; results as published by Veikkaus (veikkaus.fi) and the German Lotto- und Totoblock (lotto.de)',
    sync: {
      adapter: 'generic',
      url: 'https://www.veikkaus.fi/api/draw-results/v1/games/EJACKPOT/draws/by-week/{isoWeek}',
      mapping: {
        format: 'json',
        headers: {
          'X-ESA-API-Key': 'ROBOT',
        },
        date: 'drawTime',
        dateFormat: 'epoch-ms',
        main: 'results.0.primary',
        special: 'results.0.secondary',
      },
      fallbacks: [
        {
          adapter: 'generic',
          url: 'https://bet.szerencsejatek.hu/cmsfiles/eurojackpot.csv',
          mapping: {
            format: 'csv',
            header: false,
            delimiter: ';',
            date: '4',
            dateFormat: 'YYYY.MM.DD.',
            main: ['29', '30', '31', '32', '33'],
            special: ['34', '35'],
          },
        },
      ],
    },
    shippedBefore: null,
  },
  {
    tag: 'ca_lotto649',
    before:
      'https://github.com/lotto88ai/lotto-data 649.csv @ 4995fbee318367d982af5b8ce2f8207036dcfa89 (licence: MIT (repository LICENSE, (c) 2024 lotto88ai); file format is the BCLC historic-results CSV)',
    source:
      'Interprovincial Lottery Corporation, which runs Lotto 6/49; results as published by the British Columbia Lottery Corporation (BCLC, playnow.com)',
    sync: {
      adapter: 'generic',
      url: 'https://www.playnow.com/resources/documents/downloadable-numbers/649.zip',
      mapping: {
        format: 'csv',
        archive: {
          type: 'zip',
          member: '^649\\.csv$',
        },
        date: 'DRAW DATE',
        filter: {
          'SEQUENCE NUMBER': '0',
        },
        main: [
          'NUMBER DRAWN 1',
          'NUMBER DRAWN 2',
          'NUMBER DRAWN 3',
          'NUMBER DRAWN 4',
          'NUMBER DRAWN 5',
          'NUMBER DRAWN 6',
        ],
        special: 'BONUS NUMBER',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'ca_lottomax',
    before:
      'https://github.com/lotto88ai/lotto-data LOTTOMAX.csv @ 4995fbee318367d982af5b8ce2f8207036dcfa89 (licence: MIT (repository LICENSE, (c) 2024 lotto88ai); file format is the BCLC historic-results CSV)',
    source:
      'Interprovincial Lottery Corporation, which runs Lotto Max; results as published by the British Columbia Lottery Corporation (BCLC, playnow.com)',
    sync: {
      adapter: 'generic',
      url: 'https://www.playnow.com/resources/documents/downloadable-numbers/LOTTOMAX.zip',
      mapping: {
        format: 'csv',
        archive: {
          type: 'zip',
          member: '^LOTTOMAX\\.csv$',
        },
        date: 'DRAW DATE',
        filter: {
          'SEQUENCE NUMBER': '0',
        },
        main: [
          'NUMBER DRAWN 1',
          'NUMBER DRAWN 2',
          'NUMBER DRAWN 3',
          'NUMBER DRAWN 4',
          'NUMBER DRAWN 5',
          'NUMBER DRAWN 6',
          'NUMBER DRAWN 7',
        ],
        special: 'BONUS NUMBER',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'it_superenalotto',
    before:
      'https://github.com/FabioBiit/superenalotto_dataset_package_v2 data/superenalotto_full_history_validated.csv @ 290b1da3bd8e927efe74401a68f2330a7df759e3 (licence: No license file in the repository; data scraped from lottologia.com)',
    source:
      "Sisal Lotteries Italia, SuperEnalotto's operator under licence from Italy's Agenzia delle Dogane e dei Monopoli (superenalotto.it): its published results archive",
    sync: null,
    shippedBefore: null,
  },
  {
    tag: 'au_ozlotto',
    before:
      'https://github.com/111110100/ozlottopy tuesday.csv @ 6e9adda57047a4c3353cdf59e1723862d6af062f (licence: No license file in the repository; README credits gnetwork.com.au as the source)',
    source:
      'The Lottery Corporation (thelott.com), which runs Oz Lotto with Lotterywest; results as published by Lotterywest (lotterywest.wa.gov.au) and The Lott',
    sync: {
      adapter: 'generic',
      url: 'https://data.api.thelott.com/sales/vmax/web/data/lotto/latestresults',
      mapping: {
        format: 'json',
        method: 'POST',
        body: {
          CompanyId: 'GoldenCasket',
          MaxDrawCountPerProduct: 5,
          OptionalProductFilter: ['OzLotto'],
        },
        rows: 'DrawResults',
        filter: {
          ProductId: 'OzLotto',
        },
        date: 'DrawDate',
        main: 'PrimaryNumbers',
        special: 'SecondaryNumbers',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'au_powerball',
    before:
      'https://github.com/111110100/ozlottopy thursday.csv @ 6e9adda57047a4c3353cdf59e1723862d6af062f (licence: No license file in the repository; README credits gnetwork.com.au as the source)',
    source:
      'The Lottery Corporation (thelott.com), which runs Powerball (Australia) with Lotterywest; results as published by Lotterywest (lotterywest.wa.gov.au) and The Lott',
    sync: {
      adapter: 'generic',
      url: 'https://data.api.thelott.com/sales/vmax/web/data/lotto/latestresults',
      mapping: {
        format: 'json',
        method: 'POST',
        body: {
          CompanyId: 'GoldenCasket',
          MaxDrawCountPerProduct: 5,
          OptionalProductFilter: ['Powerball'],
        },
        rows: 'DrawResults',
        filter: {
          ProductId: 'Powerball',
        },
        date: 'DrawDate',
        main: 'PrimaryNumbers',
        special: 'SecondaryNumbers',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
  {
    tag: 'au_saturday_lotto',
    before:
      'https://github.com/111110100/ozlottopy saturday.csv @ 6e9adda57047a4c3353cdf59e1723862d6af062f (licence: No license file in the repository; README credits gnetwork.com.au as the source)',
    source:
      'The Lottery Corporation (thelott.com), which runs Saturday Lotto with Lotterywest; results as published by Lotterywest (lotterywest.wa.gov.au) and The Lott',
    sync: {
      adapter: 'generic',
      url: 'https://data.api.thelott.com/sales/vmax/web/data/lotto/latestresults',
      mapping: {
        format: 'json',
        method: 'POST',
        body: {
          CompanyId: 'GoldenCasket',
          MaxDrawCountPerProduct: 5,
          OptionalProductFilter: ['TattsLotto'],
        },
        rows: 'DrawResults',
        filter: {
          ProductId: 'TattsLotto',
        },
        date: 'DrawDate',
        main: 'PrimaryNumbers',
        special: 'SecondaryNumbers',
      },
      fallbacks: [],
    },
    shippedBefore: null,
  },
];
