import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { readZipMember } from '../src/modules/ingestion/adapters/zip-archive';

/**
 * The bundled Brazilian histories and prizes (apps/api/data/{draws,prizes}/br_*.csv, made by
 * tools/data/caixa-bundle.mjs) recomputed from CAIXA's exports kept byte for byte in test/fixtures/sources/caixa,
 * read here with the ingestion's ZIP reader and fast-xml-parser, not with the tool's own readers, so that a bug of
 * the tool shows up as a difference.
 */
const API_DIR = resolve(__dirname, '..');

function readStored(tag: string): { header: string[]; rows: Record<string, string>[] } {
  const text = readFileSync(resolve(API_DIR, 'data/prizes', `${tag}.csv`), 'utf8');
  const [header, ...data] = parse(text) as string[][];
  return {
    header,
    rows: data.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i]]))),
  };
}

function readBundle(tag: string): Map<string, { main: string; special: string }> {
  const lines = readFileSync(resolve(API_DIR, 'data/draws', `${tag}.csv`), 'utf8')
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

function headerFor(ranks: number): string[] {
  const columns = [
    'date',
    'round',
    'currency',
    'jackpot',
    'jackpot_won',
    'rollovers',
    'next_date',
    'next_jackpot',
  ];
  for (let rank = 1; rank <= ranks; rank++)
    columns.push(`rank${rank}_winners`, `rank${rank}_amount`, `rank${rank}_regions`);
  return [...columns, 'prizes_source'];
}

/** git's blob id of a file: the fixture is the very file of its source repository. */
function blobId(path: string): string {
  const bytes = readFileSync(path);
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

describe("CAIXA's exports (br_megasena, br_lotofacil, br_quina)", () => {
  // CAIXA's "Resultados" exports (tools/data/caixa-bundle.mjs), kept byte for byte in test/fixtures/sources/caixa.
  // Read here with the ingestion's ZIP reader and fast-xml-parser, not with the tool's own readers.
  describe.each([
    // tag, file, blob, origin, date column, balls, tiers (hits, top first), first date priced in BRL, draws
    [
      'br_megasena',
      'Mega-Sena.xlsx',
      'fb4aee881e4c72a97f888ec819d8619744979262',
      'samirnagib/OrdenaLotery@52f4ff7e:Mega-Sena.xlsx',
      'Data do Sorteio',
      6,
      [6, 5, 4],
      '',
    ],
    [
      'br_lotofacil',
      'Lotofácil.xlsx',
      'e591137bb94e8bde7180279ab417ff8e6e071374',
      'samirnagib/OrdenaLotery@52f4ff7e:Lotofácil.xlsx',
      'Data Sorteio',
      15,
      [15, 14, 13, 12, 11],
      '',
    ],
    [
      'br_quina',
      'Quina.xlsx',
      'a91ac004ba83454b9bbc0d4b1980f3d49362957b',
      'WelingtonAguiar1987/streamlit_loteria@06468802:Quina.xlsx',
      'Data Sorteio',
      5,
      [5, 4, 3, 2],
      '1994-07-01',
    ],
  ] as const)('%s.csv', (tag, file, blob, origin, dateName, balls, tiers, brlFrom) => {
    const path = resolve(API_DIR, 'test/fixtures/sources/caixa', file);
    const { header, rows } = readStored(tag);
    const bundle = readBundle(tag);

    /** The sheet's rows as text, the header resolved through the shared strings. */
    const sheet = (): string[][] => {
      const zip = readFileSync(path);
      const part = (name: string) =>
        readZipMember(zip, { pattern: new RegExp(`^${name}$`), extension: '.xml', maxBytes: 20e6 }).toString(
          'utf8',
        );
      const parser = new XMLParser({
        removeNSPrefix: true,
        parseTagValue: false,
        ignoreAttributes: false,
        isArray: (name) => ['si', 'row', 'c'].includes(name),
      });
      const strings = (parser.parse(part('xl/sharedStrings.xml')).sst.si as { t: string }[]).map(
        (si) => si.t,
      );
      const sheetRows = parser.parse(part('xl/worksheets/sheet1.xml')).worksheet.sheetData.row as {
        c: { v?: string; '@_t': string }[];
      }[];
      return sheetRows.map((row) =>
        row.c.map((c) => (c['@_t'] === 's' ? strings[Number(c.v)] : String(c.v ?? ''))),
      );
    };
    const brl = (text: string) => {
      const value = text.replace(/^R\$/, '').replaceAll('.', '').replace(',', '.');
      return value === '0.00' ? '' : value;
    };

    it('matches the original export: every contest on its date, first contest of a date kept', () => {
      expect(blobId(path)).toBe(blob);
      const [names, ...contests] = sheet();
      const at = (name: string) => names.indexOf(name);
      const byDate = new Map(rows.map((row) => [row.date, row]));
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const [index, cells] of contests.entries()) {
        const [day, month, year] = cells[at(dateName)].split('/');
        let date = `${year}-${month}-${day}`;
        // The one date slip the tool corrects (README): Quina's contest 380, between 1998-03-08 and 1998-03-15.
        if (tag === 'br_quina' && cells[0] === '380') date = '1998-03-12';
        if (seen.has(date)) continue;
        seen.add(date);
        const main = Array.from({ length: balls }, (_, i) => String(Number(cells[at(`Bola${i + 1}`)]))).join(
          ' ',
        );
        if (bundle.get(date)?.main !== main)
          problems.push(`${date}: ${main}, bundle ${bundle.get(date)?.main}`);
        const stored = byDate.get(date);
        if (date < brlFrom) {
          if (stored) problems.push(`${date}: a prize row before the Real`);
          continue;
        }
        const want: string[] = [];
        for (const hits of tiers) {
          const winners = cells[at(`Ganhadores ${hits} acertos`)];
          // Quina's 2-hit tier begins 2016-05-16: before it, no rank.
          const played = !(tag === 'br_quina' && hits === 2 && date < '2016-05-16');
          want.push(played ? winners : '', played ? brl(cells[at(`Rateio ${hits} acertos`)]) : '', '');
        }
        const top = cells[at(`Ganhadores ${tiers[0]} acertos`)];
        want.unshift(
          date,
          '1',
          'BRL',
          top === '1' ? brl(cells[at(`Rateio ${tiers[0]} acertos`)]) : '',
          top === '0' ? 'false' : 'true',
          '',
          '',
          brl(cells[at(names.find((n) => /^Estimativa Pr[eê]mio$/i.test(n))!)]),
        );
        want.push(`${origin}#${index + 2}`);
        const got = stored ? header.map((name) => stored[name]) : [];
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(`${date}: stored ${JSON.stringify(got)}, original ${JSON.stringify(want)}`);
      }
      expect(problems).toEqual([]);
      expect([...seen].sort()).toEqual([...bundle.keys()].sort());
      expect(header).toEqual(headerFor(tiers.length));
    });
  });

  it("CAIXA's JSON answer (Mega-Sena 2925) agrees with the bundled draw and prizes of its date", () => {
    const answer = JSON.parse(
      readFileSync(resolve(API_DIR, 'test/fixtures/sources/caixa/megasena-2925.json'), 'utf8'),
    ) as {
      dataApuracao: string;
      listaDezenas: string[];
      valorEstimadoProximoConcurso: number;
      listaRateioPremio: { faixa: number; numeroDeGanhadores: number; valorPremio: number }[];
    };
    expect(answer.dataApuracao).toBe('09/10/2025');
    expect(readBundle('br_megasena').get('2025-10-09')?.main).toBe(answer.listaDezenas.map(Number).join(' '));
    const stored = readStored('br_megasena').rows.find((row) => row.date === '2025-10-09')!;
    for (const tier of answer.listaRateioPremio) {
      expect(stored[`rank${tier.faixa}_winners`]).toBe(String(tier.numeroDeGanhadores));
      expect(stored[`rank${tier.faixa}_amount`]).toBe(
        tier.valorPremio === 0 ? '' : tier.valorPremio.toFixed(2),
      );
    }
    expect(stored.next_jackpot).toBe(answer.valorEstimadoProximoConcurso.toFixed(2));
  });
});
