#!/usr/bin/env node
// Builds the bundled Israel Lotto history (apps/api/data/draws/il_lotto.csv) from a real copy of Mifal HaPais' own
// results CSV, https://www.pais.co.il/Lotto/lotto_resultsDownload.aspx, kept in
// apps/api/test/fixtures/sources/pais/Lotto.csv:
//
//   RonBaltzan/Pais @ 35c3b2dfcaf095c7313d47680c1b0ccd7ca1f506 : Lotto.csv (the whole file, draws 3605..1, from 1968)
//
// The publisher serves the file in Windows-1255; the code index gives its decoded text, kept here as UTF-8 (CRLF, as
// the index gives it). Only its first 446 lines are kept: the header and draws 3605 (2023-07-22) back to 3161
// (2019-08-06), the first draw of the "Lotto 2019" plan (prizes changed from 2019-08-04: pais.co.il newsId=2612).
// A second copy, Timorleiderman/ILotto @ e1ce4477198deb29b860487f23835a2f0b830855 : Lotto.csv (to draw 3548,
// 2023-01-21), was read the same way and agrees on all 388 draws both hold (3161..3548).
//
//   node tools/data/pais-lotto-bundle.mjs            writes apps/api/data/draws/il_lotto.csv
//   node tools/data/pais-lotto-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The publisher's layout: a Hebrew header `הגרלה,תאריך,1,2,3,4,5,6,המספר החזק/נוסף,מספר_זוכים_לוטו,
// מספר_זוכים_דאבל_לוטו,` (draw, date, the six numbers, the strong number, Lotto and Double Lotto first-prize winners),
// a trailing comma on every line, dates DD/MM/YYYY, newest first, the six numbers ascending and zero-padded. Every
// row is read and checked: six distinct numbers 1-37 in ascending order, a strong number 1-7 (its own drum), winner
// counts that are whole numbers, draw numbers falling by exactly one from row to row (no draw missing), and the
// calendar: a Tuesday or a Saturday, or a date listed in lotteries.json's offScheduleDraws for il_lotto (and every
// listed date is in the file). Anything else stops the run. The output is deterministic, oldest first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = join(ROOT, 'apps/api/test/fixtures/sources/pais/Lotto.csv');
/** SHA-256 of the committed copy: the file is the decoded text read back from the index, not a byte copy. */
const SOURCE_SHA256 = 'e73bbc0e4dd1475ceb423c7be9c82485d4c9b869ee0564a51a1edbcbec4eef79';
const OUTPUT = join(ROOT, 'apps/api/data/draws/il_lotto.csv');
const LOTTERIES = join(ROOT, 'apps/api/data/draws/lotteries.json');
const HEADER = 'הגרלה,תאריך,1,2,3,4,5,6,המספר החזק/נוסף,מספר_זוכים_לוטו,מספר_זוכים_דאבל_לוטו,';

/** The matrix of the bundled era, as in lotteries.json (`rules`): 6 of 37 and a strong number 1-7. */
const MAIN = { count: 6, max: 37 };
const STRONG_MAX = 7;
/** Draw days (0 = Sunday), as in lotteries.json (`schedule`): Tuesday and Saturday. */
const DAYS = [2, 6];

const fail = exitFail('pais-lotto-bundle');

const bytes = readPinnedCopy({ file: SOURCE, sha256: SOURCE_SHA256 }, fail);
const text = bytes.toString('utf8');
if (!text.endsWith('\r\n') || text.replace(/\r\n/g, '').includes('\n'))
  fail(`${SOURCE}: expected CRLF line ends, as the index gives the file`);
const lines = text.slice(0, -2).split('\r\n');
if (lines[0] !== HEADER) fail(`${SOURCE}: expected the header '${HEADER}', got '${lines[0]}'`);

const entry = JSON.parse(readFileSync(LOTTERIES, 'utf8')).find((lottery) => lottery.tag === 'il_lotto');
if (!entry) fail('lotteries.json has no il_lotto entry');
const offSchedule = new Set(Object.keys(entry.offScheduleDraws ?? {}));

function readDraw(line, index) {
  const at = `line ${index + 2}`;
  const fields = line.split(',');
  if (fields.length !== 12 || fields[11] !== '')
    fail(`${at}: expected 11 fields and a trailing comma, got '${line}'`);
  const match = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(fields[1]);
  if (!match) fail(`${at}: expected a DD/MM/YYYY date, got '${fields[1]}'`);
  const date = `${match[3]}-${match[2]}-${match[1]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    fail(`${at}: no date ${date}`);
  if (!fields.slice(2, 8).every((f) => /^\d\d$/.test(f))) fail(`${at}: a number is not two digits`);
  if (![fields[0], ...fields.slice(8, 11)].every((f) => /^\d+$/.test(f)))
    fail(`${at}: the draw number, strong number or a winner count is not a whole number`);
  const main = fields.slice(2, 8).map(Number);
  const strong = Number(fields[8]);
  for (const n of main) if (n < 1 || n > MAIN.max) fail(`${at}: number ${n} is out of 1-${MAIN.max}`);
  if (main.some((n, i) => i > 0 && n <= main[i - 1]))
    fail(`${at}: the numbers are not distinct and ascending`);
  if (strong < 1 || strong > STRONG_MAX) fail(`${at}: strong number ${strong} is out of 1-${STRONG_MAX}`);
  if (!DAYS.includes(parsed.getUTCDay()) && !offSchedule.has(date))
    fail(`${at}: no draw is scheduled on ${date} and lotteries.json does not list it in offScheduleDraws`);
  offSchedule.delete(date);
  return { date, main, special: [strong], drawNumber: Number(fields[0]) };
}

// The file newest first, with no draw missing; the bundle oldest first.
const draws = lines.slice(1).map(readDraw).reverse();
for (let i = 1; i < draws.length; i++) {
  if (draws[i].drawNumber !== draws[i - 1].drawNumber + 1)
    fail(`draw ${draws[i].drawNumber} (${draws[i].date}) does not follow draw ${draws[i - 1].drawNumber}`);
  if (draws[i].date <= draws[i - 1].date) fail(`${draws[i].date} is not after ${draws[i - 1].date}`);
}
if (offSchedule.size > 0)
  fail(`offScheduleDraws lists dates the file does not hold: ${[...offSchedule].join(', ')}`);

const csv = drawsCsv(draws);
const summary =
  `${draws.length} draws ${draws[0].date}..${draws.at(-1).date} (draw numbers ` +
  `${draws[0].drawNumber}..${draws.at(-1).drawNumber}, none missing; source sha256 ${SOURCE_SHA256})`;

if (!writeOrCheck(OUTPUT, csv)) fail(`${OUTPUT} differs from what the source gives: run without --check`);
console.log(CHECK ? `il_lotto.csv is up to date: ${summary}` : `wrote ${OUTPUT}: ${summary}`);
