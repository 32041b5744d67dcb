import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { genericAdapter } from './generic';
import { parseSourceMapping } from '../domain/generic-mapping';
import { parseAnswer, type ParsedAnswer } from './source-adapter';

/** Real publications, byte for byte (test/fixtures/sources/README.md). */
const fixture = (name: string) => readFileSync(join(__dirname, '../../../../test/fixtures/sources', name));

function read(mapping: Record<string, unknown>, body: Buffer): ParsedAnswer {
  const parsed = parseSourceMapping(mapping);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parseAnswer(genericAdapter(parsed.mapping), body);
}

const columns = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
const ends = ({ draws }: ParsedAnswer) =>
  [draws[0], draws.at(-1)!].map(({ date, main, special }) => ({ date, main, special }));

const FDJ = {
  format: 'csv',
  archive: { type: 'zip', member: '^(euromillions|loto)_\\d+\\.csv$' },
  encoding: 'windows-1252',
  delimiter: ';',
  date: 'date_de_tirage',
  dateFormat: 'DD/MM/YYYY',
  main: columns('boule_', 5),
};
const BCLC = { format: 'csv', archive: { type: 'zip' }, date: 'DRAW DATE', special: 'BONUS NUMBER' };

describe('generic adapter on the operators’ ZIP archives', () => {
  it('FDJ EuroMillions 2019-02 (Windows-1252): 97 draws in the file’s order', () => {
    const mapping = { ...FDJ, special: ['etoile_1', 'etoile_2'] };
    const parsed = read(mapping, fixture('euromillions_201902.zip'));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.draws).toHaveLength(97);
    expect(ends(parsed)).toEqual([
      { date: '2020-01-31', main: [20, 23, 13, 30, 18], special: [2, 4] },
      { date: '2019-03-01', main: [9, 19, 26, 31, 6], special: [12, 11] },
    ]);
    // `numéro_de_tirage_dans_le_cycle` (its é is byte 0xE9) names a column once decoded.
    const fourth = read(
      { ...mapping, filter: { numéro_de_tirage_dans_le_cycle: '4' } },
      fixture('euromillions_201902.zip'),
    );
    expect(fourth.draws).toHaveLength(11);
    expect(ends(fourth)).toEqual([
      { date: '2019-12-31', main: expect.any(Array), special: expect.any(Array) },
      { date: '2019-03-05', main: [16, 10, 46, 39, 6], special: [8, 11] },
    ]);
    // Read as UTF-8, that column is not found, and the message says why.
    expect(() =>
      read(
        { ...mapping, encoding: 'utf-8', filter: { numéro_de_tirage_dans_le_cycle: '4' } },
        fixture('euromillions_201902.zip'),
      ),
    ).toThrow(/no column 'numéro_de_tirage_dans_le_cycle' .*it holds bytes that are not UTF-8/);
  });

  it('FDJ Loto 2019-11: 740 draws, with their prizes', () => {
    const mapping = {
      ...FDJ,
      special: 'numero_chance',
      prizes: {
        currency: 'EUR',
        decimal: ',',
        divisions: [1, 2].map((rank) => ({
          rank,
          winners: `nombre_de_gagnant_au_rang${rank}`,
          amount: `rapport_du_rang${rank}`,
        })),
      },
    };
    const parsed = read(mapping, fixture('loto_201911.zip'));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.draws).toHaveLength(740);
    expect(ends(parsed)).toEqual([
      { date: '2024-07-24', main: [40, 11, 18, 8, 47], special: [2] },
      { date: '2019-11-04', main: [16, 9, 42, 1, 39], special: [7] },
    ]);
    expect(parsed.draws[0].prizes!.divisions.slice(0, 2)).toEqual([
      { rank: 1, winners: 1, amountMinor: 2_200_000_000, regions: null },
      { rank: 2, winners: 3, amountMinor: 7_396_940, regions: null },
    ]);
  });

  it('BCLC Lotto 6/49: 4,210 draws', () => {
    const parsed = read({ ...BCLC, main: columns('NUMBER DRAWN ', 6) }, fixture('649.zip'));
    expect([parsed.draws.length, parsed.rejected]).toEqual([4210, []]);
    expect(ends(parsed)).toEqual([
      { date: '1982-06-12', main: [3, 11, 12, 14, 41, 43], special: [13] },
      { date: '2024-05-25', main: [14, 21, 31, 37, 39, 42], special: [19] },
    ]);
  });

  it('BCLC Lotto Max: the 1,029 main draws (SEQUENCE NUMBER 0) of 6,059 rows', () => {
    const mapping = { ...BCLC, main: columns('NUMBER DRAWN ', 7), filter: { 'SEQUENCE NUMBER': '0' } };
    const parsed = read(mapping, fixture('LOTTOMAX.zip'));
    expect([parsed.draws.length, parsed.rejected]).toEqual([1029, []]);
    expect(ends(parsed)).toEqual([
      { date: '2009-09-25', main: [5, 17, 19, 25, 31, 38, 46], special: [4] },
      { date: '2024-05-24', main: [1, 6, 9, 11, 31, 39, 50], special: [35] },
    ]);
    // MaxMillions rows are not rounds of the main draw: SEQUENCE NUMBER 0 is not a round (rounds start at 1).
    const rounds = read({ ...mapping, filter: undefined, round: 'SEQUENCE NUMBER' }, fixture('LOTTOMAX.zip'));
    expect(rounds.draws).toHaveLength(6059 - 1029);
    expect(rounds.rejected[0]).toEqual({
      row: 1,
      date: '2009-09-25',
      message: 'SEQUENCE NUMBER (text of 1 characters) is not a round (1, 2, … or ONE, TWO, …)',
    });
  });

  it('fails a truncated ZIP and an HTML error page with a clear message', () => {
    const zip = fixture('649.zip');
    const mapping = { ...BCLC, main: columns('NUMBER DRAWN ', 6) };
    expect(() => read(mapping, zip.subarray(0, Math.floor(zip.length / 2)))).toThrow(
      `the ZIP archive is truncated or corrupt (no end of central directory; ${Math.floor(zip.length / 2)} bytes)`,
    );
    expect(() => read(mapping, fixture('error-page.html'))).toThrow(
      'the source answered HTML or XML, not a ZIP archive (an error page?)',
    );
    // The same page where a plain CSV is expected.
    expect(() => read({ ...mapping, archive: undefined }, fixture('error-page.html'))).toThrow(
      'the source answered HTML or XML, not CSV (an error page?)',
    );
  });
});

describe('generic adapter on Sazka’s Sportka export (no default source: a button, not a URL)', () => {
  it('reads both draws of each row, dates D. M. YYYY, as cz_sportka.csv holds them', () => {
    const draw = (tah: number) => ({
      main: [1, 2, 3, 4, 5, 6].map((n) => `${n}. cislo ${tah}. tah`),
      special: `dodatkove cislo ${tah}. tah`,
    });
    const mapping = {
      format: 'csv',
      delimiter: ';',
      date: 'datum',
      dateFormat: 'DD. MM. YYYY',
      draws: [draw(1), draw(2)],
    };
    const parsed = read(mapping, fixture('sazka/sportka.csv'));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.draws).toHaveLength(7544);
    // The bundle, oldest first, rounds 1 and 2: the same draws as the file read by the shipped adapter.
    const bundled = readFileSync(join(__dirname, '../../../../data/draws/cz_sportka.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([date, main, special, round]) => `${date} ${round}: ${main} + ${special}`);
    const fromFile = parsed.draws
      .map(
        ({ date, round, main, special }) => `${date} ${round ?? 1}: ${main.join(' ')} + ${special.join(' ')}`,
      )
      .sort();
    expect(fromFile).toEqual([...bundled].sort());
    expect(parsed.draws.filter((d) => d.date === '2026-01-11')).toEqual([
      expect.objectContaining({ main: [29, 16, 39, 40, 18, 4], special: [48] }),
      expect.objectContaining({ main: [18, 31, 42, 34, 36, 22], special: [24] }),
    ]);
  });
});
