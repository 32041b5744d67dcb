import { prizesAt } from './generic-prizes';
import type { PrizeMapping } from '../domain/generic-mapping';

/**
 * Prize fields as publishers write them. Szerencsejáték's cmsfiles CSVs (otos.csv, hatos.csv, skandi.csv) write each
 * tier's winners as digits and its amount per winner as `"1 234 Ft"`: spaces between thousands, then ` Ft`.
 */
describe('prizesAt', () => {
  // Ötöslottó's tiers in otos.csv (header-less, by column): 5 hits winners/amount in 4/5, 4 hits in 6/7, …
  const otos: PrizeMapping = {
    currency: 'HUF',
    suffix: 'Ft',
    divisions: [
      { rank: 1, winners: '4', amount: '5' },
      { rank: 2, winners: '6', amount: '7' },
      { rank: 3, winners: '8', amount: '9' },
      { rank: 4, winners: '10', amount: '11' },
    ],
  };
  const row = (cells: string[]) => Object.fromEntries(cells.map((cell, i) => [String(i + 1), cell]));

  it('reads "1 234 Ft" amounts as whole forints (HUF has no minor unit in use: 0 digits)', () => {
    // otos.csv, 2022-07-30 (tothm23/5-os-lotto @ 2fd768cd): a sole jackpot winner.
    const cells = '2022;30;2022.07.30.;1;514 271 730 Ft;15;2 738 595 Ft;2931;15 235 Ft;81453;1 425 Ft'.split(
      ';',
    );
    expect(prizesAt(row(cells), otos)).toEqual({
      currency: 'HUF',
      jackpotMinor: null,
      divisions: [
        { rank: 1, winners: 1, amountMinor: 514_271_730, regions: null },
        { rank: 2, winners: 15, amountMinor: 2_738_595, regions: null },
        { rank: 3, winners: 2931, amountMinor: 15_235, regions: null },
        { rank: 4, winners: 81_453, amountMinor: 1425, regions: null },
      ],
    });
  });

  it('reads "0 Ft" (nobody won) and a bare "0" as nothing paid, with 0 winners', () => {
    // hatos.csv writes its defunct 5+1 tier as `0;0`, without " Ft".
    const cells = ['', '', '', '0', '0 Ft', '0', '0', '18', '355 200 Ft', '996', '6 420 Ft'];
    const read = prizesAt(row(cells), otos);
    expect(typeof read !== 'string' && read.divisions.slice(0, 2)).toEqual([
      { rank: 1, winners: 0, amountMinor: null, regions: null },
      { rank: 2, winners: 0, amountMinor: null, regions: null },
    ]);
  });

  it('accepts non-breaking spaces between thousands, and the amount without its suffix', () => {
    const read = prizesAt(row(['', '', '', '1', '1\u00a0234', '2', '5\u202f000\u00a0Ft']), {
      ...otos,
      divisions: otos.divisions.slice(0, 2),
    });
    expect(typeof read !== 'string' && read.divisions.map((d) => d.amountMinor)).toEqual([1234, 5000]);
  });

  it('refuses a decimal amount in forints, another currency sign, and the suffix alone', () => {
    const one = (amount: string) =>
      prizesAt(row(['', '', '', '1', amount]), { ...otos, divisions: otos.divisions.slice(0, 1) });
    expect(one('1 234,50 Ft')).toBe('5 is not an amount in HUF');
    expect(one('1 234 EUR')).toBe('5 is not an amount in HUF');
    expect(one('Ft')).toBe('5 is not an amount in HUF');
    // Without a suffix in the mapping, the unit is not an amount either (as before this key existed).
    expect(
      prizesAt(row(['', '', '', '1', '1 234 Ft']), {
        currency: 'HUF',
        divisions: [{ rank: 1, amount: '5' }],
      }),
    ).toBe('5 is not an amount in HUF');
  });
  it("reads amounts in the currency's minor unit (unit: 'minor'): Veikkaus' Eurojackpot prize tiers in cents", () => {
    // byako/veikkaus @ b5a289fa: results/ejackpot_2024_22.json, the draw of 2024-05-28: nobody won 5+2, five won
    // 5+1 (EUR 452,799.80 each), four 5+0 (EUR 319,197.50).
    const draw = {
      prizeTiers: [
        { shareCount: 0, shareAmount: 0, id: '1' },
        { shareCount: 5, shareAmount: 45279980, id: '2' },
        { shareCount: 4, shareAmount: 31919750, id: '3' },
      ],
    };
    const veikkaus: PrizeMapping = {
      currency: 'EUR',
      unit: 'minor',
      divisions: [1, 2, 3].map((rank) => ({
        rank,
        winners: `prizeTiers.${rank - 1}.shareCount`,
        amount: `prizeTiers.${rank - 1}.shareAmount`,
      })),
    };
    expect(prizesAt(draw, veikkaus)).toEqual({
      currency: 'EUR',
      jackpotMinor: null,
      divisions: [
        { rank: 1, winners: 0, amountMinor: null, regions: null },
        { rank: 2, winners: 5, amountMinor: 45_279_980, regions: null },
        { rank: 3, winners: 4, amountMinor: 31_919_750, regions: null },
      ],
    });
    expect(prizesAt({ prizeTiers: [{ shareCount: 1, shareAmount: '4527.99' }] }, veikkaus)).toBe(
      "prizeTiers.0.shareAmount is not a whole amount of EUR's minor unit",
    );
  });
});
