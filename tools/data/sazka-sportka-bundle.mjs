#!/usr/bin/env node
// Builds the bundled Sportka history (apps/api/data/draws/cz_sportka.csv) from a real copy of Sazka a.s.'s own
// Sportka results export (sportka.csv, as sazka.cz serves it), committed byte for byte in
// apps/api/test/fixtures/sources/sazka/sportka.csv:
//
//   LubosHuml/eurojackpot-predictor @ d4c779644832e12d2f6f682f94ebf2f420861dd4 : sportka.csv (git blob below, LF)
//
// A second, older copy (schweyk24/sportka @ 8cb33b8f457a5b88486e436473304f876c5823dd : sportka.csv, CRLF, ending
// 2026-01-11) was read back in full and its 3,700 rows equal this copy's apart from the line ends; it is not committed.
//
//   node tools/data/sazka-sportka-bundle.mjs            writes apps/api/data/draws/cz_sportka.csv
//   node tools/data/sazka-sportka-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The publisher's layout: a header (with a trailing `;`), then one row per date, newest first:
// `D. M. YYYY;year;week;weekday (1 = Monday);` then the six numbers and the additional number
// (dodatkové číslo) of the first draw (1. tah), then the same for the second draw (2. tah). Every row is read and
// checked: the date is a real one, the weekday column agrees with it, each draw has six distinct
// numbers 1-49 and an additional number 1-49 that is not one of them (it comes from the same drum), and the dates
// fall from row to row. Anything else stops the run. The file has no prizes. The numbers are kept in the file's
// order (not sorted); the output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = {
  file: join(ROOT, 'apps/api/test/fixtures/sources/sazka/sportka.csv'),
  repo: 'LubosHuml/eurojackpot-predictor',
  commit: 'd4c779644832e12d2f6f682f94ebf2f420861dd4',
  path: 'sportka.csv',
  blob: '07f874d3510923fe5006da5aa17d04e25ac6e7cb',
};
const OUTPUT = join(ROOT, 'apps/api/data/draws/cz_sportka.csv');
const DRAW_COLUMNS = (tah) => [
  ...[1, 2, 3, 4, 5, 6].map((n) => `${n}. cislo ${tah}. tah`),
  `dodatkove cislo ${tah}. tah`,
];
const HEADER = `datum;rok;tyden;den;${[...DRAW_COLUMNS(1), ...DRAW_COLUMNS(2)].join(';')};`;
/** 6 of 49 and an additional number from the same drum, as in lotteries.json (`rules`). */
const MAIN = { count: 6, max: 49 };

const fail = exitFail('sazka-sportka-bundle');

function readRows() {
  const bytes = readPinnedCopy(SOURCE, fail);
  const text = bytes.toString('ascii');
  if (text.includes('\r') || !text.endsWith('\n'))
    fail(`${SOURCE.file}: expected LF line ends and a final newline`);
  const lines = text.slice(0, -1).split('\n');
  if (lines[0] !== HEADER) fail(`${SOURCE.file}: expected the header '${HEADER}', got '${lines[0]}'`);
  return lines.slice(1);
}

function readDraw(fields, at, first) {
  const numbers = fields.slice(first, first + MAIN.count + 1);
  if (!numbers.every((f) => /^[1-9]\d?$/.test(f) && Number(f) <= MAIN.max))
    fail(`${at}: '${numbers.join(';')}' holds a number that is not 1-${MAIN.max}`);
  const main = numbers.slice(0, MAIN.count).map(Number);
  const additional = Number(numbers[MAIN.count]);
  if (new Set(main).size !== MAIN.count) fail(`${at}: a number is repeated in ${main.join(' ')}`);
  if (main.includes(additional)) fail(`${at}: the additional number ${additional} is one of the six`);
  return { main, special: [additional] };
}

function readRow(line, index) {
  const at = `line ${index + 2}`;
  const fields = line.split(';');
  if (fields.length !== 18) fail(`${at}: expected 18 fields, got '${line}'`);
  const match = /^([1-9]\d?)\. ([1-9]\d?)\. (\d{4})$/.exec(fields[0]);
  if (!match) fail(`${at}: expected a 'D. M. YYYY' date, got '${fields[0]}'`);
  const date = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    fail(`${at}: no date ${date}`);
  // The weekday column counts 1 = Monday .. 7 = Sunday. (Year and week are Sazka's draw weeks, not ISO weeks: 2000
  // has a week 53. They are not used.)
  const weekday = parsed.getUTCDay() || 7;
  if (fields[3] !== String(weekday)) fail(`${at}: weekday ${fields[3]}, but ${date} is weekday ${weekday}`);
  return {
    date,
    rounds: [readDraw(fields, `${at} (1. tah)`, 4), readDraw(fields, `${at} (2. tah)`, 11)],
  };
}

// Newest first in the file; the bundle oldest first, round 1 (1. tah) before round 2 (2. tah) on each date.
const rows = readRows().map(readRow).reverse();
for (let i = 1; i < rows.length; i++)
  if (rows[i].date <= rows[i - 1].date) fail(`${rows[i].date} is not after ${rows[i - 1].date}`);

const csv =
  'date,main,special,round\n' +
  rows
    .flatMap((row) =>
      row.rounds.map((draw, i) => `${row.date},${draw.main.join(' ')},${draw.special.join(' ')},${i + 1}\n`),
    )
    .join('');
const summary = `${rows.length} dates ${rows[0].date}..${rows.at(-1).date}, ${rows.length * 2} draws (two each)`;

if (!writeOrCheck(OUTPUT, csv)) fail(`${OUTPUT} differs from what the tool makes (${summary})`);
console.log(`${CHECK ? 'cz_sportka.csv matches' : 'wrote cz_sportka.csv'}: ${summary}`);
