#!/usr/bin/env node
// Builds the bundled histories of CAIXA's (Brazil) Mega-Sena, Lotofácil and Quina from real copies of CAIXA's
// "Resultados" spreadsheet exports (loterias.caixa.gov.br, "Download de resultados": one .xlsx per game), kept byte
// for byte in apps/api/test/fixtures/sources/caixa/ (provenance in that folder's README and in SOURCES below; each
// file's git blob id is checked):
//
//   apps/api/data/draws/br_megasena.csv, br_lotofacil.csv, br_quina.csv    the draws (date,main,special)
//   apps/api/data/prizes/br_megasena.csv, br_lotofacil.csv, br_quina.csv   winners and prize per tier
//
//   node tools/data/caixa-bundle.mjs                  writes them
//   node tools/data/caixa-bundle.mjs --check          writes nothing; fails when a committed file differs
//   node tools/data/caixa-bundle.mjs --off-schedule   prints, per game, the draws that fall on no day of the
//                                                     schedule in lotteries.json (to write offScheduleDraws)
//
// An .xlsx is a ZIP of XML parts: the one worksheet is read with Node's zlib and a minimal ZIP reader (stored or
// deflated members, no ZIP64: what these files hold), and its cells with a strict pattern of CAIXA's generator
// (`<x:row>` of `<x:c t="n|str"><x:v>…</x:v></x:c>`, header cells from the shared strings); anything else fails.
// The export writes one row per contest, oldest first: `Concurso`, the date `DD/MM/YYYY`, `Bola1..BolaN` (ascending:
// the export is sorted, the draw order is only in CAIXA's JSON API), then per tier `Ganhadores N acertos` (winners)
// and `Rateio N acertos` (what one winning bet was paid, text `R$1.714.650,23`, read as text, never through
// floating point). Every row is checked against its game's matrix; the few known quirks are handled by name below,
// each asserted, so that a different input fails loudly. The output is deterministic.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ROOT, drawsCsv, prizeCsv, readPinnedCopy, writeOrCheckAll } from './bundle-io.mjs';

const FIXTURES = join(ROOT, 'apps/api/test/fixtures/sources/caixa');
const DRAWS_DIR = join(ROOT, 'apps/api/data/draws');
const PRIZES_DIR = join(ROOT, 'apps/api/data/prizes');
const SHEET = 'xl/worksheets/sheet1.xml';
const STRINGS = 'xl/sharedStrings.xml';

/**
 * Each game: the copy read (repository @ commit : path, git blob), its header (as published, in order), its matrix
 * and its tiers (hits, top first: rank 1 is the top tier). `tiersFrom` gives a tier that began later the date of its
 * first contest: before it, the export writes 0 winners and R$0,00 (checked).
 */
const SOURCES = [
  {
    tag: 'br_megasena',
    file: 'Mega-Sena.xlsx',
    origin: {
      repo: 'samirnagib/OrdenaLotery',
      commit: '52f4ff7ec1b49a40c6444b57ffc01e0a46094c67',
      path: 'Mega-Sena.xlsx',
    },
    blob: 'fb4aee881e4c72a97f888ec819d8619744979262',
    date: 'Data do Sorteio',
    balls: 6,
    max: 60,
    tiers: [6, 5, 4],
    estimate: 'Estimativa prêmio',
    header:
      'Concurso|Data do Sorteio|Bola1|Bola2|Bola3|Bola4|Bola5|Bola6|Ganhadores 6 acertos|Cidade / UF|' +
      'Rateio 6 acertos|Ganhadores 5 acertos|Rateio 5 acertos|Ganhadores 4 acertos|Rateio 4 acertos|' +
      'Acumulado 6 acertos|Arrecadação Total|Estimativa prêmio|Acumulado Sorteio Especial Mega da Virada|Observação',
  },
  {
    tag: 'br_lotofacil',
    file: 'Lotofácil.xlsx',
    origin: {
      repo: 'samirnagib/OrdenaLotery',
      commit: '52f4ff7ec1b49a40c6444b57ffc01e0a46094c67',
      path: 'Lotofácil.xlsx',
    },
    blob: 'e591137bb94e8bde7180279ab417ff8e6e071374',
    date: 'Data Sorteio',
    balls: 15,
    max: 25,
    tiers: [15, 14, 13, 12, 11],
    estimate: 'Estimativa Prêmio',
    header:
      'Concurso|Data Sorteio|Bola1|Bola2|Bola3|Bola4|Bola5|Bola6|Bola7|Bola8|Bola9|Bola10|Bola11|Bola12|Bola13|' +
      'Bola14|Bola15|Ganhadores 15 acertos|Cidade / UF|Rateio 15 acertos|Ganhadores 14 acertos|Rateio 14 acertos|' +
      'Ganhadores 13 acertos|Rateio 13 acertos|Ganhadores 12 acertos|Rateio 12 acertos|Ganhadores 11 acertos|' +
      'Rateio 11 acertos|Acumulado 15 acertos|Arrecadacao Total|Estimativa Prêmio|' +
      'Acumulado sorteio especial Lotofácil da Independência|Observação',
  },
  {
    tag: 'br_quina',
    file: 'Quina.xlsx',
    origin: {
      repo: 'WelingtonAguiar1987/streamlit_loteria',
      commit: '06468802f6e97dd47e91b425e93a5095226839db',
      path: 'Quina.xlsx',
    },
    blob: 'a91ac004ba83454b9bbc0d4b1980f3d49362957b',
    date: 'Data Sorteio',
    balls: 5,
    max: 80,
    tiers: [5, 4, 3, 2],
    // The 2-hit tier (duque) pays from contest 4085 (2016-05-16); before it the export writes 0 and R$0,00.
    tiersFrom: { 2: '2016-05-16' },
    estimate: 'Estimativa Premio',
    header:
      'Concurso|Data Sorteio|Bola1|Bola2|Bola3|Bola4|Bola5|Ganhadores 5 acertos|Cidade / UF|Rateio 5 acertos|' +
      'Ganhadores 4 acertos|Rateio 4 acertos|Ganhadores 3 acertos|Rateio 3 acertos|Ganhadores 2 acertos|' +
      'Rateio 2 acertos|Acumulado 5 acertos|Arrecadacao Total|Estimativa Premio|' +
      'Acumulado Sorteio Especial Quina de São João|observação',
    // The Real (BRL) replaced the cruzeiro real on 1994-07-01 (Plano Real, 2,750 CR$ to R$ 1): the export writes
    // the earlier contests' prizes in cruzeiros reais under the same `R$` (contest 28 of 1994-06-26 paid 1,116,201
    // for 4 hits, contest 29 of 1994-07-03 paid 1,702.79). Those 28 draws get no prize row.
    brlFrom: '1994-07-01',
    // Contests the export lacks (numbers skipped between their neighbours), listed so that another gap fails.
    absent: [6330, 6337, 6350, 6353, 6360, 6379, 6488],
    // Contest 380 is dated 12/03/1997 between contests 379 (08/03/1998) and 381 (15/03/1998): the year is a slip
    // (1998-03-12 is a Thursday, a Quina day of 1998; the bundle has no draw of 1997-03-12 either way).
    corrections: { 380: { from: '1997-03-12', to: '1998-03-12' } },
    // Dates with several contests (a postponed contest drawn with the day's own). The bundle holds one draw per date
    // outside multi-draw eras: the date's first contest is kept, these later ones are left out (named here).
    sameDate: [2154, 2155, 2243, 2695, 2836, 3386, 3873, 3933, 4318, 4466, 4657, 4907, 5383],
  },
];

function fail(message) {
  throw new Error(`caixa-bundle: ${message}`);
}

/** The members of a ZIP archive by name (central directory read; stored or deflated, no ZIP64, no encryption). */
function zipMembers(bytes, where) {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) fail(`${where}: no ZIP end of central directory`);
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const members = new Map();
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) fail(`${where}: bad central directory entry ${i}`);
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (flags & 1) fail(`${where}: ${name} is encrypted`);
    if (bytes.readUInt32LE(local) !== 0x04034b50) fail(`${where}: bad local header of ${name}`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    members.set(name, () => {
      const raw = bytes.subarray(start, start + compressed);
      const data =
        method === 0 ? raw : method === 8 ? inflateRawSync(raw) : fail(`${name}: method ${method}`);
      if (data.length !== size) fail(`${where}: ${name} is ${data.length} bytes, expected ${size}`);
      return data;
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return members;
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text, where) {
  return text.replace(/&([a-z]+);/g, (_, name) => ENTITIES[name] ?? fail(`${where}: entity &${name};`));
}

/** The worksheet's rows as text cells; the header row's cells resolved through the shared strings. */
function sheetRows(source) {
  const bytes = readPinnedCopy(
    { file: join(FIXTURES, source.file), name: source.file, blob: source.blob },
    fail,
  );
  const members = zipMembers(bytes, source.file);
  const part = (name) => (members.get(name) ?? fail(`${source.file}: no ${name}`))().toString('utf8');
  const strings = [...part(STRINGS).matchAll(/<si><t(?: [^>]*)?>([^<]*)<\/t><\/si>/g)].map((m) =>
    unescapeXml(m[1], source.file),
  );
  const sheet = part(SHEET);
  const data = /<x:sheetData>(.*)<\/x:sheetData>/s.exec(sheet)?.[1] ?? fail(`${source.file}: no sheetData`);
  const rows = [];
  // Every byte of sheetData is a row: what the pattern does not consume fails the run.
  const rowPattern = /<x:row(?: [^>]*)?>(.*?)<\/x:row>/gs;
  let consumed = 0;
  for (const match of data.matchAll(rowPattern)) {
    if (match.index !== consumed) fail(`${source.file}: unexpected text before row ${rows.length + 1}`);
    consumed = match.index + match[0].length;
    const cells = [];
    const cellPattern = /<x:c(?: r="[A-Z]+\d+")?(?: s="\d+")? t="(s|n|str)"><x:v>([^<]*)<\/x:v><\/x:c>/g;
    let inRow = 0;
    for (const cell of match[1].matchAll(cellPattern)) {
      if (cell.index !== inRow) fail(`${source.file} row ${rows.length + 1}: a cell of another form`);
      inRow = cell.index + cell[0].length;
      const text = unescapeXml(cell[2], source.file);
      cells.push(cell[1] === 's' ? (strings[Number(text)] ?? fail(`${source.file}: string ${text}`)) : text);
    }
    if (inRow !== match[1].length) fail(`${source.file} row ${rows.length + 1}: a cell of another form`);
    rows.push(cells);
  }
  if (consumed !== data.length) fail(`${source.file}: unexpected text after row ${rows.length}`);
  return rows;
}

/** DD/MM/YYYY → YYYY-MM-DD, a real calendar date. */
function isoDate(text, where) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) fail(`${where}: date '${text}' is not DD/MM/YYYY`);
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    fail(`${where}: no date ${iso}`);
  return iso;
}

/** `R$1.714.650,23` → '1714650.23' (text to text); `R$0,00` → '' (nothing paid). */
function amountOf(text, where) {
  const match = /^R\$(0|[1-9]\d{0,2}(?:\.\d{3})*),(\d{2})$/.exec(text);
  if (!match) fail(`${where}: amount '${text}' is not of the form 'R$1.234,56'`);
  const value = `${match[1].replaceAll('.', '')}.${match[2]}`;
  return value === '0.00' ? '' : value;
}

function winnersOf(text, where) {
  if (!/^(0|[1-9]\d*)$/.test(text)) fail(`${where}: winners '${text}' is not a whole number`);
  return text;
}

/** One game's contests, checked, as draws and prize rows (ascending by date; one per date). */
function readGame(source) {
  const [header, ...rows] = sheetRows(source);
  if (header.join('|') !== source.header) fail(`${source.file}: header '${header.join('|')}'`);
  const column = (name) => header.indexOf(name);
  const balls = Array.from({ length: source.balls }, (_, i) => column(`Bola${i + 1}`));
  const contests = [];
  const skipped = [];
  const sameDate = [];
  let previous = null;
  for (const [index, cells] of rows.entries()) {
    const line = index + 2;
    const where = `${source.file} row ${line}`;
    if (cells.length !== header.length) fail(`${where}: ${cells.length} cells, expected ${header.length}`);
    const contest = Number(cells[0]);
    if (!/^[1-9]\d*$/.test(cells[0])) fail(`${where}: contest '${cells[0]}'`);
    const expected = previous === null ? 1 : previous.contest + 1;
    for (let missing = expected; missing < contest; missing++) skipped.push(missing);
    if (contest < expected) fail(`${where}: contest ${contest} after ${previous.contest}`);
    let date = isoDate(cells[column(source.date)], where);
    const correction = source.corrections?.[contest];
    if (correction !== undefined) {
      if (date !== correction.from)
        fail(`${where}: contest ${contest} is dated ${date}, not ${correction.from}`);
      date = correction.to;
    }
    if (previous !== null && date < previous.date) fail(`${where}: ${date} is before ${previous.date}`);
    // The export pads some balls to three digits (`025`) and others to two (`04`): read as whole numbers.
    const main = balls.map((at) => {
      const text = cells[at];
      if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > source.max)
        fail(`${where}: ball '${text}' is not a number from 1 to ${source.max}`);
      return Number(text);
    });
    if (main.some((n, i) => i > 0 && n <= main[i - 1]))
      fail(`${where}: balls ${main} not strictly ascending`);
    const tiers = source.tiers.map((hits) => {
      const at = `${where} (${hits} acertos)`;
      const winners = winnersOf(cells[column(`Ganhadores ${hits} acertos`)], at);
      const amount = amountOf(cells[column(`Rateio ${hits} acertos`)], at);
      if ((winners === '0') !== (amount === ''))
        fail(`${at}: ${winners} winners and R$ ${amount || '0'} each (one is 0, the other not)`);
      const from = source.tiersFrom?.[hits];
      if (from !== undefined && date < from && winners !== '0') fail(`${at}: winners before ${from}`);
      return from !== undefined && date < from ? null : { winners, amount: amount === '' ? '' : amount };
    });
    const estimate = amountOf(cells[column(source.estimate)], `${where} (${source.estimate})`);
    const entry = { contest, line, date, main, tiers, estimate };
    previous = entry;
    if (contests.at(-1)?.date === date) {
      sameDate.push(contest);
      continue;
    }
    contests.push(entry);
  }
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(skipped, source.absent ?? [])) fail(`${source.file}: contests absent: ${skipped.join(', ')}`);
  if (!same(sameDate, source.sameDate ?? []))
    fail(`${source.file}: contests sharing a date with an earlier one: ${sameDate.join(', ')}`);
  for (const contest of Object.keys(source.corrections ?? {}))
    if (!contests.some((c) => c.contest === Number(contest))) fail(`${source.file}: no contest ${contest}`);
  return { contests, rows: rows.length };
}

/** A prize row (apps/api/data/prizes/README.md): a tier not yet played leaves its rank empty. */
function prizeRow(source, entry) {
  const [top] = entry.tiers;
  const { repo, commit, path } = source.origin;
  const cells = [
    entry.date,
    '1',
    'BRL',
    // A sole top winner takes the whole pool: that amount is the jackpot; with several, it is one's share.
    top.winners === '1' ? top.amount : '',
    top.winners === '0' ? 'false' : 'true',
    '',
    '',
    // CAIXA's estimate of the next contest's top prize (R$0,00 in the oldest rows: not published).
    entry.estimate,
  ];
  for (const tier of entry.tiers) cells.push(tier?.winners ?? '', tier?.amount ?? '', '');
  cells.push(`${repo}@${commit.slice(0, 8)}:${path}#${entry.line}`);
  return cells.join(',');
}

function build() {
  const files = new Map();
  const report = [];
  const games = new Map();
  for (const source of SOURCES) {
    const { contests, rows } = readGame(source);
    games.set(source.tag, contests);
    // No special number in these games.
    const draws = drawsCsv(contests.map((c) => ({ ...c, special: [] })));
    files.set(join(DRAWS_DIR, `${source.tag}.csv`), draws);
    const priced = contests.filter((c) => c.date >= (source.brlFrom ?? ''));
    const prizes = prizeCsv(
      source.tiers.length,
      priced.map((c) => prizeRow(source, c)),
    );
    files.set(join(PRIZES_DIR, `${source.tag}.csv`), prizes);
    report.push(
      `${source.tag}: ${rows} contests read, ${contests.length} draws ${contests[0].date}..${contests.at(-1).date}` +
        ` (contests ${contests[0].contest}..${contests.at(-1).contest}; absent ${(source.absent ?? []).length},` +
        ` sharing a date ${(source.sameDate ?? []).length}), ${priced.length} prize rows`,
    );
  }
  return { files, report, games };
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The draws on no day of the schedule in lotteries.json, with the contest and weekday (to list them there). */
function offSchedule(games) {
  const manifest = JSON.parse(readFileSync(join(DRAWS_DIR, 'lotteries.json'), 'utf8'));
  const out = {};
  for (const [tag, contests] of games) {
    const eras = manifest.find((l) => l.tag === tag)?.schedule?.eras ?? fail(`${tag}: no schedule`);
    const listed = {};
    for (const { date, contest } of contests) {
      const era = eras.filter((e) => e.from <= date).at(-1);
      const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
      if (era !== undefined && era.weekdays.includes(weekday)) continue;
      const days = era === undefined ? 'before the first era' : `off the ${era.weekdays.join(', ')} calendar`;
      listed[date] =
        `Contest ${contest}, a ${weekday[0].toUpperCase()}${weekday.slice(1)}, ${days}: an extra or moved draw ` +
        `(CAIXA's export gives no reason).`;
    }
    out[tag] = listed;
  }
  return out;
}

function main(argv) {
  const { files, report, games } = build();
  if (argv.includes('--off-schedule')) {
    process.stdout.write(`${JSON.stringify(offSchedule(games), null, 2)}\n`);
    return;
  }
  writeOrCheckAll(files, report);
}

main(process.argv.slice(2));
