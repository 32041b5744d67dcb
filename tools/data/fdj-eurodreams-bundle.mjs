#!/usr/bin/env node
// Builds the bundled EuroDreams history (apps/api/data/draws/eu_eurodreams.csv) and what each draw paid
// (apps/api/data/prizes/eu_eurodreams.csv) from a real copy of FDJ's EuroDreams result file, eurodreams_202311.csv
// (the CSV inside the ZIP FDJ serves at
// https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afa5),
// committed as apps/api/test/fixtures/sources/fdj/eurodreams_202311.csv:
//
//   guilllet1/EurodreamSimulation @ 8fa488af2d138203d752b78f98ca1dc06a4dc797 : src/main/resources/eurodreams_202311.csv
//
//   node tools/data/fdj-eurodreams-bundle.mjs            writes both files
//   node tools/data/fdj-eurodreams-bundle.mjs --check    writes nothing; fails when a committed file differs
//
// FDJ's layout: a header of 34 names and a trailing `;`, `;`-separated, LF, newest first, dates `DD/MM/YYYY`,
// `boule_1..6` in the order drawn, `numero_dream`, `boules_gagnantes_en_ordre_croissant` (`-a-b-c-d-e-f-`), then per
// rank 1..6 the winners in France, the winners in Europe and the amount one line was paid (`rapport`, a `,` decimal),
// and the winning codes (a side raffle, not read). Every row is read and checked: six distinct balls 1-40, a Dream
// number 1-5, the sorted column equal to the six balls sorted, the weekday column (LUNDI / JEUDI) equal to the date's,
// Mondays and Thursdays only, dates strictly falling, draw numbers (`annee_numero_de_tirage`, YYNNN) counting down by
// one within a year. Anything else stops the run. The output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, prizeCsv, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = {
  file: join(ROOT, 'apps/api/test/fixtures/sources/fdj/eurodreams_202311.csv'),
  repo: 'guilllet1/EurodreamSimulation',
  commit: '8fa488af2d138203d752b78f98ca1dc06a4dc797',
  path: 'src/main/resources/eurodreams_202311.csv',
  blob: '0faba3848327fd8147c14ef12de0a3fb820fc5aa',
};
const DRAWS = join(ROOT, 'apps/api/data/draws/eu_eurodreams.csv');
const PRIZES = join(ROOT, 'apps/api/data/prizes/eu_eurodreams.csv');
const RANKS = 6;
const WEEKDAYS = { LUNDI: 1, JEUDI: 4 };

const fail = exitFail('fdj-eurodreams-bundle');

function readSource() {
  const bytes = readPinnedCopy(SOURCE, fail);
  // The copy is UTF-8 (the é of numéro_de_tirage_dans_le_cycle, a column not read); FDJ declares Windows-1252.
  const text = bytes.toString('utf8');
  if (text.includes('\r') || !text.endsWith('\n')) fail('expected LF line ends and a final newline');
  const [header, ...rows] = text.slice(0, -1).split('\n');
  const names = header.split(';');
  if (names.at(-1) !== '' || names.length !== 35)
    fail(`expected 34 column names and a trailing ';', got ${header}`);
  return { names: names.slice(0, -1), rows };
}

/** `616553,40` → `616553.40`, as text (never through floating point); '' for 0 or nothing. */
function amountOf(text, at) {
  if (!/^\d+(,\d+)?$/.test(text)) fail(`${at}: '${text}' is not an amount`);
  return /^0+(,0+)?$/.test(text) ? '' : text.replace(',', '.');
}

const { names, rows } = readSource();
const column = (name) => {
  const index = names.indexOf(name);
  if (index < 0) fail(`no column ${name}`);
  return index;
};
const col = {
  number: column('annee_numero_de_tirage'),
  weekday: column('jour_de_tirage'),
  date: column('date_de_tirage'),
  balls: [1, 2, 3, 4, 5, 6].map((n) => column(`boule_${n}`)),
  dream: column('numero_dream'),
  sorted: column('boules_gagnantes_en_ordre_croissant'),
  ranks: Array.from({ length: RANKS }, (_, i) => ({
    france: column(`nombre_de_gagnant_au_rang${i + 1}_Euro_Dreams_en_france`),
    europe: column(`nombre_de_gagnant_au_rang${i + 1}_Euro_Dreams_en_europe`),
    amount: column(`rapport_du_rang${i + 1}_Euro_Dreams`),
  })),
};

const draws = rows.map((line, index) => {
  const row = index + 1; // 1-based, header excluded (prizes_source)
  const at = `data row ${row}`;
  const f = line.split(';');
  if (f.length !== names.length + 1) fail(`${at}: ${f.length} fields`);
  const m = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(f[col.date]);
  if (!m) fail(`${at}: date '${f[col.date]}'`);
  const date = `${m[3]}-${m[2]}-${m[1]}`;
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) fail(`${at}: no date ${date}`);
  if (WEEKDAYS[f[col.weekday]] !== day.getUTCDay())
    fail(`${at}: ${date} is not a ${f[col.weekday]} (draws are on Mondays and Thursdays)`);
  const main = col.balls.map((i) => Number(f[i]));
  const dream = Number(f[col.dream]);
  if (!main.every((n) => Number.isInteger(n) && n >= 1 && n <= 40) || new Set(main).size !== 6)
    fail(`${at}: balls ${main.join(' ')} are not six distinct numbers 1-40`);
  if (!Number.isInteger(dream) || dream < 1 || dream > 5) fail(`${at}: Dream number '${f[col.dream]}'`);
  const sorted = `-${[...main].sort((a, b) => a - b).join('-')}-`;
  if (f[col.sorted] !== sorted) fail(`${at}: ${f[col.sorted]} is not the balls sorted (${sorted})`);
  const prizes = col.ranks.map(({ france, europe, amount }, i) => {
    if (!/^\d+$/.test(f[france]) || !/^\d+$/.test(f[europe])) fail(`${at}: rank ${i + 1} winners`);
    const winners = Number(f[europe]);
    if (Number(f[france]) > winners) fail(`${at}: rank ${i + 1} has more winners in France than in Europe`);
    const paid = amountOf(f[amount], `${at} rank ${i + 1}`);
    return { winners, amount: winners > 0 ? paid : '', france: Number(f[france]) };
  });
  return { number: Number(f[col.number]), date, main, special: [dream], prizes, row };
});

draws.reverse(); // oldest first
for (let i = 1; i < draws.length; i++) {
  const [a, b] = [draws[i - 1], draws[i]];
  if (b.date <= a.date) fail(`${b.date} is not after ${a.date}`);
  const sameYear = Math.floor(a.number / 1000) === Math.floor(b.number / 1000);
  if (sameYear ? b.number !== a.number + 1 : b.number % 1000 !== 1)
    fail(`draw ${b.number} (${b.date}) does not follow draw ${a.number}`);
}

const drawsText = drawsCsv(draws);
const source = `${SOURCE.repo}@${SOURCE.commit.slice(0, 8)}:${SOURCE.path}`;
const prizesText = prizeCsv(
  RANKS,
  draws.map((d) =>
    [
      d.date,
      '1',
      'EUR',
      // As for FDJ's other files (and as the shipped sync reads them): the rank-1 rapport when exactly one line won
      // rank 1. EuroDreams' rank 1 is an annuity: that rapport is the monthly amount, not a pool.
      d.prizes[0].winners === 1 ? d.prizes[0].amount : '',
      String(d.prizes[0].winners > 0),
      '',
      '',
      '',
      ...d.prizes.flatMap((p) => [String(p.winners), p.amount, `FR:${p.france}`]),
      `${source}#${d.row}`,
    ].join(','),
  ),
);

const summary = `${draws.length} draws ${draws[0].date}..${draws.at(-1).date} (draws ${draws[0].number}..${draws.at(-1).number}), each with its six ranks' prizes`;
if (!writeOrCheck(DRAWS, drawsText)) fail(`${DRAWS} differs from what ${SOURCE.file} gives`);
if (!writeOrCheck(PRIZES, prizesText)) fail(`${PRIZES} differs from what ${SOURCE.file} gives`);
console.log(
  CHECK
    ? `eu_eurodreams.csv (draws and prizes) is up to date: ${summary}`
    : `wrote ${DRAWS} and ${PRIZES}: ${summary}`,
);
