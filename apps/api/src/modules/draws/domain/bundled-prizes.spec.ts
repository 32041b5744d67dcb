import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';

/**
 * The bundled prize facts (apps/api/data/prizes, made by tools/data/fdj-prizes.mjs) recomputed from original FDJ
 * files kept in test/fixtures/fdj. The originals are parsed here on their own, not with the tool's code, so that a
 * bug of the tool shows up as a difference.
 */
const API_DIR = resolve(__dirname, '../../../..');
const DRAWS_DIR = resolve(API_DIR, 'data/draws');
const PRIZES_DIR = resolve(API_DIR, 'data/prizes');
const FIXTURES_DIR = resolve(API_DIR, 'test/fixtures/fdj');

type StoredRow = Record<string, string>;

const FIXED_COLUMNS = [
  'date',
  'round',
  'currency',
  'jackpot',
  'jackpot_won',
  'rollovers',
  'next_date',
  'next_jackpot',
];

function headerFor(ranks: number): string[] {
  const columns = [...FIXED_COLUMNS];
  for (let rank = 1; rank <= ranks; rank++)
    columns.push(`rank${rank}_winners`, `rank${rank}_amount`, `rank${rank}_regions`);
  return [...columns, 'prizes_source'];
}

function readStored(tag: string): { header: string[]; rows: StoredRow[] } {
  const text = readFileSync(resolve(PRIZES_DIR, `${tag}.csv`), 'utf8');
  const records = parse(text, { relax_column_count: false }) as string[][];
  const [header, ...data] = records;
  const rows = data.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i]])));
  return { header, rows };
}

function readBundle(tag: string): Map<string, { main: string; special: string }> {
  const lines = readFileSync(resolve(DRAWS_DIR, `${tag}.csv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return new Map(
    lines.map((line) => {
      const [date, main, special] = line.split(',');
      return [date, { main, special }];
    }),
  );
}

/** git's blob id of a file: the fixture is the very file of its source repository. */
function blobId(path: string): string {
  const bytes = readFileSync(path);
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

/** An original FDJ file: header names and the fields of each data row (1-based row numbers, header excluded). */
function readOriginal(name: string, encoding: BufferEncoding) {
  const lines = readFileSync(resolve(FIXTURES_DIR, name))
    .toString(encoding)
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const header = lines[0].split(';');
  const rows = lines.slice(1).map((line, i) => {
    const fields = line.split(';');
    const field = (column: string): string => {
      const index = header.indexOf(column);
      if (index < 0) throw new Error(`${name}: no column ${column}`);
      return fields[index].trim();
    };
    return { number: i + 1, field };
  });
  return { header, rows };
}

/** DD/MM/YYYY → YYYY-MM-DD. */
function isoOf(fdjDate: string): string {
  const [day, month, year] = fdjDate.split('/');
  return `${year}-${month}-${day}`;
}

const fdjZero = (text: string) => /^0+(?:[.,]0*)?$/.test(text);
const fdjDecimal = (text: string) => text.replace(',', '.');

/** What the stored row must say for one rank, from FDJ's winners (null: not published) and rapport. */
function expectedRank(winners: string | null, rapport: string) {
  const amount = winners === '0' || fdjZero(rapport) ? '' : fdjDecimal(rapport);
  return { winners: winners ?? '', amount };
}

describe('bundled prizes (apps/api/data/prizes)', () => {
  describe('eu_euromillions.csv', () => {
    const { header, rows } = readStored('eu_euromillions');
    const byDate = new Map(rows.map((row) => [row.date, row]));
    const bundle = readBundle('eu_euromillions');

    it('has the fixed header with 13 ranks', () => {
      expect(header).toEqual(headerFor(13));
    });

    it('has one row per bundled draw, ascending, and no other', () => {
      expect(rows.map((row) => row.date)).toEqual([...bundle.keys()].sort());
    });

    it.each([
      ['euromillions_201902.csv', 'latin1', '0252e71c22d65892e84993c212ce762a494770fa', 97],
      ['euromillions_202002.csv', 'utf8', '1f9e0072c73f92990a846c9cb0e5cba65736e075', 536],
    ] as const)('matches the original %s for each of its draws', (file, encoding, blob, draws) => {
      expect(blobId(resolve(FIXTURES_DIR, file))).toBe(blob);
      const original = readOriginal(file, encoding);
      const problems: string[] = [];
      let compared = 0;
      for (const row of original.rows) {
        let date = isoOf(row.field('date_de_tirage'));
        // FDJ dates the Friday draw of 2022-08-19 "18/08/2022" (a Thursday); its weekday column says Friday.
        if (date === '2022-08-18') {
          expect(row.field('jour_de_tirage')).toBe('VENDREDI');
          date = '2022-08-19';
        }
        const bundled = bundle.get(date);
        if (!bundled) continue;
        compared++;
        const stored = byDate.get(date);
        if (!stored) {
          problems.push(`${date}: no stored row`);
          continue;
        }
        const main = [1, 2, 3, 4, 5].map((i) => String(Number(row.field(`boule_${i}`)))).join(' ');
        const special = [1, 2].map((i) => String(Number(row.field(`etoile_${i}`)))).join(' ');
        if (`${main} + ${special}` !== `${bundled.main} + ${bundled.special}`)
          problems.push(`${date}: numbers ${main} + ${special}, bundle ${bundled.main} + ${bundled.special}`);
        const europe = (rank: number) =>
          row.field(`nombre_de_gagnant_au_rang${rank}_Euro_Millions_en_europe`);
        const france = (rank: number) =>
          row.field(`nombre_de_gagnant_au_rang${rank}_Euro_Millions_en_france`);
        const ranks = Array.from({ length: 13 }, (_, i) => i + 1);
        // All European counts 0 while France has winners: FDJ had not filled them in (not published).
        const unpublished =
          ranks.every((rank) => europe(rank) === '0') && ranks.some((rank) => france(rank) !== '0');
        for (const rank of ranks) {
          const want = {
            ...expectedRank(
              unpublished ? null : europe(rank),
              row.field(`rapport_du_rang${rank}_Euro_Millions`),
            ),
            regions: `FR:${france(rank)}`,
          };
          const got = {
            winners: stored[`rank${rank}_winners`],
            amount: stored[`rank${rank}_amount`],
            regions: stored[`rank${rank}_regions`],
          };
          if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(
              `${date} rank ${rank}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`,
            );
        }
        const rank1 = unpublished ? null : europe(1);
        const jackpotWon = rank1 === null ? '' : rank1 === '0' ? 'false' : 'true';
        const jackpot = rank1 === '1' ? fdjDecimal(row.field('rapport_du_rang1_Euro_Millions')) : '';
        const source = `Lifegrid/LotoPredictor@311079fe:data/${file}#${row.number}`;
        const got = [stored.jackpot_won, stored.jackpot, stored.prizes_source, stored.round, stored.currency];
        const want = [jackpotWon, jackpot, source, '1', 'EUR'];
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(`${date}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`);
      }
      expect(problems).toEqual([]);
      expect(compared).toBe(draws);
    });

    it('keeps the France count but no European total for 2020-01-31 (FDJ never filled it in)', () => {
      const row = byDate.get('2020-01-31')!;
      expect([row.rank13_winners, row.rank13_amount, row.rank13_regions, row.jackpot_won]).toEqual([
        '',
        '3.9',
        'FR:257549',
        '',
      ]);
    });

    it('leaves rank 13 empty before 2011-05-10 (12 ranks then)', () => {
      const before = rows.filter((row) => row.date < '2011-05-10');
      expect(before.length).toBe(378);
      expect(before.filter((row) => row.rank13_winners || row.rank13_amount || row.rank13_regions)).toEqual(
        [],
      );
      expect(
        rows.filter((row) => row.date >= '2011-05-10' && row.rank13_winners === '').map((r) => r.date),
      ).toEqual(['2020-01-31']);
    });
  });

  describe('fr_lotto.csv', () => {
    const { header, rows } = readStored('fr_lotto');
    const byDate = new Map(rows.map((row) => [row.date, row]));
    const bundle = readBundle('fr_lotto');

    it('has the fixed header with 9 ranks', () => {
      expect(header).toEqual(headerFor(9));
    });

    it('has a row for every bundled draw up to 2024-07-24 (the last FDJ file found), ascending, and no other', () => {
      const dates = rows.map((row) => row.date);
      expect(dates).toEqual([...bundle.keys()].filter((date) => date <= '2024-07-24').sort());
      expect(dates.at(-1)).toBe('2024-07-24');
    });

    it('matches the original loto_201911.csv for each of its draws', () => {
      expect(blobId(resolve(FIXTURES_DIR, 'loto_201911.csv'))).toBe(
        'e4e5e460f53d1566c8c4554c2c7cb35e4ccfac9b',
      );
      const original = readOriginal('loto_201911.csv', 'utf8');
      const problems: string[] = [];
      let compared = 0;
      for (const row of original.rows) {
        const date = isoOf(row.field('date_de_tirage'));
        const bundled = bundle.get(date);
        if (!bundled) continue;
        compared++;
        const stored = byDate.get(date);
        if (!stored) {
          problems.push(`${date}: no stored row`);
          continue;
        }
        const main = [1, 2, 3, 4, 5].map((i) => String(Number(row.field(`boule_${i}`)))).join(' ');
        const special = String(Number(row.field('numero_chance')));
        if (`${main} + ${special}` !== `${bundled.main} + ${bundled.special}`)
          problems.push(`${date}: numbers ${main} + ${special}, bundle ${bundled.main} + ${bundled.special}`);
        for (let rank = 1; rank <= 9; rank++) {
          const want = {
            ...expectedRank(
              row.field(`nombre_de_gagnant_au_rang${rank}`),
              row.field(`rapport_du_rang${rank}`),
            ),
            regions: '',
          };
          const got = {
            winners: stored[`rank${rank}_winners`],
            amount: stored[`rank${rank}_amount`],
            regions: stored[`rank${rank}_regions`],
          };
          if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(
              `${date} rank ${rank}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`,
            );
        }
        // Rank 1's rapport is the jackpot on offer when nobody won it, and the whole jackpot for a sole winner.
        const winners = row.field('nombre_de_gagnant_au_rang1');
        const jackpot = Number(winners) <= 1 ? fdjDecimal(row.field('rapport_du_rang1')) : '';
        const source = `MartYnX/loto@bf7e3dde:loto/results/loto_201911.csv#${row.number}`;
        const got = [stored.jackpot_won, stored.jackpot, stored.prizes_source, stored.round, stored.currency];
        const want = [winners === '0' ? 'false' : 'true', jackpot, source, '1', 'EUR'];
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(`${date}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`);
      }
      expect(problems).toEqual([]);
      expect(compared).toBe(740);
    });
  });

  // Szerencsejáték's files (tools/data/szerencsejatek-bundle.mjs), kept byte for byte in test/fixtures/sources.
  describe.each([
    // tag, file, blob, date column, number columns, tiers (winners column, amount column) per era from its date
    [
      'hu_otoslotto',
      'otos.csv',
      'e70f4aa81a44e6001e685ac03c3d085227a4af0d',
      'tothm23/5-os-lotto@2fd768cd:otos.csv',
      3,
      [12, 13, 14, 15, 16],
      [{ from: '2004-11-06', tiers: [4, 6, 8, 10] }],
      958,
    ],
    [
      'hu_hatoslotto',
      'hatos.csv',
      'a69a62628092de954df255446db80d0d44008bfc',
      'karsaib/lotto@c868daaf:hatos.csv',
      4,
      [15, 16, 17, 18, 19, 20],
      [
        { from: '2004-11-07', tiers: [5, 7, 9, 11, 13] },
        { from: '2007-07-29', tiers: [5, 9, 11, 13] },
      ],
      1166,
    ],
  ] as const)('%s.csv', (tag, file, blob, origin, dateColumn, numberColumns, eras, draws) => {
    const { header, rows } = readStored(tag);
    const bundle = readBundle(tag);
    const path = resolve(API_DIR, 'test/fixtures/sources/szerencsejatek', file);
    const ranks = Math.max(...eras.map((era) => era.tiers.length));

    it(`has the fixed header with ${ranks} ranks and one row per bundled draw, ascending`, () => {
      expect(header).toEqual(headerFor(ranks));
      expect(rows.map((row) => row.date)).toEqual([...bundle.keys()].sort());
      expect(rows).toHaveLength(draws);
    });

    it(`matches the original ${file} for each of its dated rows`, () => {
      expect(blobId(path)).toBe(blob);
      const lines = readFileSync(path, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      const byDate = new Map(rows.map((row) => [row.date, row]));
      const problems: string[] = [];
      let compared = 0;
      for (const [index, line] of lines.entries()) {
        const fields = line.split(';');
        const [year, month, day] = (fields[dateColumn - 1] ?? '').split('.');
        if (!day) continue;
        const date = `${year}-${month}-${day}`;
        compared++;
        const stored = byDate.get(date);
        if (!stored) {
          problems.push(`${date}: no stored row`);
          continue;
        }
        const main = numberColumns.map((column) => fields[column - 1]).join(' ');
        if (main !== bundle.get(date)?.main)
          problems.push(`${date}: numbers ${main}, bundle ${bundle.get(date)?.main}`);
        const { tiers } = eras.filter((era) => era.from <= date).at(-1)!;
        const forint = (text: string) => text.replace(/ Ft$/, '').replaceAll(' ', '');
        for (let rank = 1; rank <= ranks; rank++) {
          const column = tiers[rank - 1];
          const winners = column === undefined ? '' : fields[column - 1];
          const amount = column === undefined ? '' : forint(fields[column]);
          const want = { winners, amount: amount === '0' ? '' : amount, regions: '' };
          const got = {
            winners: stored[`rank${rank}_winners`],
            amount: stored[`rank${rank}_amount`],
            regions: stored[`rank${rank}_regions`],
          };
          if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(
              `${date} rank ${rank}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`,
            );
        }
        const top = fields[tiers[0] - 1];
        const want = [
          top === '1' ? forint(fields[tiers[0]]) : '',
          top === '0' ? 'false' : 'true',
          '1',
          'HUF',
          `${origin}#${index + 1}`,
        ];
        const got = [stored.jackpot, stored.jackpot_won, stored.round, stored.currency, stored.prizes_source];
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(`${date}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`);
      }
      expect(problems).toEqual([]);
      expect(compared).toBe(draws);
    });
  });

  describe.each(['eu_euromillions', 'fr_lotto'])('%s.csv is well formed', (tag) => {
    const { rows } = readStored(tag);
    const bundle = readBundle(tag);
    const ranks = tag === 'eu_euromillions' ? 13 : 9;

    it('dates are unique bundled draws; round 1, EUR; amounts are decimals with at most 2 decimals', () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const row of rows) {
        const at = row.date;
        if (!bundle.has(row.date)) problems.push(`${at}: not a bundled draw`);
        if (seen.has(row.date)) problems.push(`${at}: twice`);
        seen.add(row.date);
        if (row.round !== '1' || row.currency !== 'EUR') problems.push(`${at}: round/currency`);
        if (!/^(|true|false)$/.test(row.jackpot_won)) problems.push(`${at}: jackpot_won ${row.jackpot_won}`);
        for (const column of ['rollovers', 'next_date', 'next_jackpot'])
          if (row[column] !== '') problems.push(`${at}: ${column} is not published by FDJ's files`);
        const amounts = [row.jackpot];
        for (let rank = 1; rank <= ranks; rank++) {
          amounts.push(row[`rank${rank}_amount`]);
          if (!/^(|0|[1-9]\d*)$/.test(row[`rank${rank}_winners`]))
            problems.push(`${at}: rank ${rank} winners`);
          const regions = row[`rank${rank}_regions`];
          if (!(tag === 'eu_euromillions' ? /^(|FR:(0|[1-9]\d*))$/ : /^$/).test(regions))
            problems.push(`${at}: rank ${rank} regions ${regions}`);
          if (row[`rank${rank}_winners`] === '0' && row[`rank${rank}_amount`] !== '')
            problems.push(`${at}: rank ${rank} has an amount but no winner`);
        }
        for (const amount of amounts)
          if (amount !== '' && (!/^(0|[1-9]\d*)(\.\d{1,2})?$/.test(amount) || /^0(\.0+)?$/.test(amount)))
            problems.push(`${at}: amount ${amount}`);
        if (!/^[\w.-]+\/[\w.-]+@[0-9a-f]{8}:[\w./-]+\.csv#[1-9]\d*$/.test(row.prizes_source))
          problems.push(`${at}: prizes_source ${row.prizes_source}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
