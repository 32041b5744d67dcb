#!/usr/bin/env node
// Builds the bundled Thunderball history (apps/api/data/draws/uk_thunderball.csv) from two real copies of the UK
// National Lottery's own Thunderball draw-history CSV, https://www.national-lottery.co.uk/results/thunderball/
// draw-history/csv (its last 180 days), committed byte for byte in apps/api/test/fixtures/sources/markheydon/:
//
//   2019/thunderball-draw-history.csv   as served 2019-02-23: markheydon/national-lottery-library @
//                                       11d53a91206f4094315eef292dfbd8e944fe02dd : data/thunderball-draw-history.csv
//   thunderball-draw-history.csv        as served 2022-06-19: the same repository and path @
//                                       1c1950e963d81d730b8f937726326b1a4595305c
//
// (git blobs below; the repository's ThunderballDownload.php stores the answer unchanged through its Downloader, as
// it does the Lotto file that shared/data/source-samples already holds). The years between are in neither.
//
//   node tools/data/uk-thunderball-bundle.mjs            writes apps/api/data/draws/uk_thunderball.csv
//   node tools/data/uk-thunderball-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The publisher's layout: a header `DrawDate,Ball 1,…,Ball 5,Thunderball,Ball Set,Machine,DrawNumber`, dates
// `DD-MMM-YYYY`, newest first, the five balls in the order drawn, LF line ends and no final newline. Every row is
// read and checked: five distinct numbers 1-39, a Thunderball 1-14 (its own drum: it may equal a main number),
// draw numbers falling by exactly one from row to row (no draw missing), and the calendar (Tuesday, Wednesday,
// Friday and Saturday since 2018-01-30). Anything else stops the run. The bundle keeps the balls in the order drawn,
// as published (drawOrder true in lotteries.json); the output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCES = [
  {
    file: join(ROOT, 'apps/api/test/fixtures/sources/markheydon/2019/thunderball-draw-history.csv'),
    repo: 'markheydon/national-lottery-library',
    commit: '11d53a91206f4094315eef292dfbd8e944fe02dd',
    path: 'data/thunderball-draw-history.csv',
    blob: 'd24fdb5b8bf8bac82fb9a56c14d0079d2333fcb0',
  },
  {
    file: join(ROOT, 'apps/api/test/fixtures/sources/markheydon/thunderball-draw-history.csv'),
    repo: 'markheydon/national-lottery-library',
    commit: '1c1950e963d81d730b8f937726326b1a4595305c',
    path: 'data/thunderball-draw-history.csv',
    blob: 'd413bd0befdf9c22721394cbaf0a57033916c5a9',
  },
];
const OUTPUT = join(ROOT, 'apps/api/data/draws/uk_thunderball.csv');
const HEADER = 'DrawDate,Ball 1,Ball 2,Ball 3,Ball 4,Ball 5,Thunderball,Ball Set,Machine,DrawNumber';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The matrix since 2010-05-09, as in lotteries.json (`rules`): 5 of 39 and a Thunderball 1-14. */
const MAIN = { count: 5, max: 39 };
const THUNDERBALL_MAX = 14;
/** Draw days (0 = Sunday) since 2018-01-30, as in lotteries.json (`schedule`): the file starts later. */
const DAYS = [2, 3, 5, 6];

const fail = exitFail('uk-thunderball-bundle');

function readSource(SOURCE) {
  const bytes = readPinnedCopy(SOURCE, fail);
  const text = bytes.toString('ascii');
  if (text.includes('\r') || text.endsWith('\n'))
    fail(`${SOURCE.file}: expected LF line ends and no final newline, as published`);
  const lines = text.split('\n');
  if (lines[0] !== HEADER) fail(`${SOURCE.file}: expected the header '${HEADER}', got '${lines[0]}'`);
  return lines.slice(1);
}

function readDraw(line, index) {
  const at = `line ${index + 2}`;
  const fields = line.split(',');
  if (fields.length !== 10) fail(`${at}: expected 10 fields, got '${line}'`);
  const match = /^(\d\d)-([A-Z][a-z]{2})-(\d{4})$/.exec(fields[0]);
  const month = match ? MONTHS.indexOf(match[2]) + 1 : 0;
  if (!match || month === 0) fail(`${at}: expected a DD-MMM-YYYY date, got '${fields[0]}'`);
  const date = `${match[3]}-${String(month).padStart(2, '0')}-${match[1]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    fail(`${at}: no date ${date}`);
  const numbers = [...fields.slice(1, 7), fields[9]];
  if (!numbers.every((f) => /^\d+$/.test(f))) fail(`${at}: a ball or the draw number is not a whole number`);
  const main = fields.slice(1, 6).map(Number);
  const thunderball = Number(fields[6]);
  for (const n of main) if (n < 1 || n > MAIN.max) fail(`${at}: ball ${n} is out of 1-${MAIN.max}`);
  if (new Set(main).size !== MAIN.count) fail(`${at}: a ball is repeated`);
  if (thunderball < 1 || thunderball > THUNDERBALL_MAX)
    fail(`${at}: Thunderball ${thunderball} is out of 1-${THUNDERBALL_MAX}`);
  if (!DAYS.includes(parsed.getUTCDay())) fail(`${at}: no draw is scheduled on ${date}`);
  return { date, main, special: [thunderball], drawNumber: Number(fields[9]) };
}

// Each file newest first, with no draw missing; the bundle oldest first, the older file's draws first.
const files = SOURCES.map((source) => readSource(source).map(readDraw).reverse());
for (const file of files)
  for (let i = 1; i < file.length; i++)
    if (file[i].drawNumber !== file[i - 1].drawNumber + 1)
      fail(`draw ${file[i].drawNumber} (${file[i].date}) does not follow draw ${file[i - 1].drawNumber}`);
const draws = files.flat();
for (let i = 1; i < draws.length; i++) {
  if (draws[i].date <= draws[i - 1].date) fail(`${draws[i].date} is not after ${draws[i - 1].date}`);
  if (draws[i].drawNumber <= draws[i - 1].drawNumber)
    fail(`draw ${draws[i].drawNumber} (${draws[i].date}) is not after draw ${draws[i - 1].drawNumber}`);
}

const csv = drawsCsv(draws);
const summary = files
  .map(
    (file) =>
      `${file.length} draws ${file[0].date}..${file.at(-1).date} (draw numbers ` +
      `${file[0].drawNumber}..${file.at(-1).drawNumber}, none missing)`,
  )
  .join(' and ');

if (!writeOrCheck(OUTPUT, csv)) fail(`${OUTPUT} differs from what the sources give: run without --check`);
console.log(CHECK ? `uk_thunderball.csv is up to date: ${summary}` : `wrote ${OUTPUT}: ${summary}`);
