#!/usr/bin/env node
// Builds the bundled Texas Two Step history (apps/api/data/draws/tx_two_step.csv) from a real copy of the Texas
// Lottery's own results file, committed byte for byte as apps/api/test/fixtures/sources/texas/texastwostep.csv:
//
//   https://www.texaslottery.com/export/sites/lottery/Games/Texas_Two_Step/Winning_Numbers/texastwostep.csv
//   as committed in busybiee/Lot-All @ 793acf01fde4bec83afb2a46c3e924183899503c : texastwostep.csv (git blob below)
//
//   node tools/data/texas-twostep-bundle.mjs            writes apps/api/data/draws/tx_two_step.csv
//   node tools/data/texas-twostep-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The publisher's layout (as lottotexas.csv, texas-bundle.mjs): no header, one draw a line,
// `Texas Two Step,M,D,YYYY,n1,n2,n3,n4,bonus`, oldest first. The only copy found of the whole file carries one line
// its owner added on top, `Game Name,Month,Day,Year,Num1,Num2,Num3,Num4,Bonus Ball` (the Texas Lottery's files have
// no header; its Lotto Texas file in the same repository has none): that exact line is skipped, by name; every
// other line is read, none dropped or changed. The game never changed its matrix: 4 of 35 and a Bonus Ball 1-35
// from a second drum (so it may repeat a main number). Each row is checked against it and against the calendar
// (Tue+Fri from the first draw, Mon+Thu from 2004-06-28); any row that does not fit stops the run. The output is
// deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = {
  file: join(ROOT, 'apps/api/test/fixtures/sources/texas/texastwostep.csv'),
  repo: 'busybiee/Lot-All',
  commit: '793acf01fde4bec83afb2a46c3e924183899503c',
  path: 'texastwostep.csv',
  blob: '18f8ef53daa562bb6d1da4ad76dd1bd45d3e8eb4',
};
/** The one line the copy's owner added; the publisher's file starts with the first draw. */
const ADDED_HEADER = 'Game Name,Month,Day,Year,Num1,Num2,Num3,Num4,Bonus Ball';
const OUTPUT = join(ROOT, 'apps/api/data/draws/tx_two_step.csv');
const GAME = 'Texas Two Step';
/** The matrix, as in lotteries.json (`rules`): one era. */
const MAIN = { count: 4, max: 35 };
const BONUS_MAX = 35;
/** Draw days (0 = Sunday), as in lotteries.json (`schedule`). */
const CALENDAR = [
  { from: '2001-05-18', days: [2, 5] },
  { from: '2004-06-28', days: [1, 4] },
];

const latest = (list, date) => list.filter((e) => e.from <= date).at(-1);
const fail = exitFail('texas-twostep-bundle');

function readSource() {
  const bytes = readPinnedCopy(SOURCE, fail);
  const text = bytes.toString('ascii');
  if (!text.endsWith('\n') || text.includes('\r')) fail('expected LF line ends and a final newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines[0] !== ADDED_HEADER) fail(`expected the owner's header line first, got '${lines[0]}'`);
  return lines.slice(1);
}

function readDraw(line, index) {
  const at = `line ${index + 2}`;
  const fields = line.split(',');
  if (fields.length !== 9 || fields[0] !== GAME)
    fail(`${at}: expected '${GAME},M,D,YYYY,n1..n4,bonus', got '${line}'`);
  if (!fields.slice(1).every((f) => /^\d+$/.test(f))) fail(`${at}: a field is not a whole number: '${line}'`);
  const [month, day, year, ...numbers] = fields.slice(1).map(Number);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    fail(`${at}: no date ${date}`);
  const calendar = latest(CALENDAR, date);
  if (calendar === undefined) fail(`${at}: ${date} is before the first draw`);
  if (!calendar.days.includes(parsed.getUTCDay())) fail(`${at}: no draw is scheduled on ${date}`);

  const main = numbers.slice(0, MAIN.count);
  const special = numbers.slice(MAIN.count);
  for (const n of main) if (n < 1 || n > MAIN.max) fail(`${at}: main number ${n} is out of 1-${MAIN.max}`);
  if (new Set(main).size !== main.length) fail(`${at}: a main number is repeated`);
  if (special[0] < 1 || special[0] > BONUS_MAX)
    fail(`${at}: Bonus Ball ${special[0]} is out of 1-${BONUS_MAX}`);
  return { date, main, special };
}

const draws = readSource().map(readDraw);
for (let i = 1; i < draws.length; i++)
  if (draws[i].date <= draws[i - 1].date)
    fail(`line ${i + 2}: ${draws[i].date} is not after ${draws[i - 1].date}`);

const csv = drawsCsv(draws);

const repeats = draws.filter((d) => d.main.includes(d.special[0])).length;
const sorted = draws.filter((d) => d.main.every((n, i) => i === 0 || d.main[i - 1] < n)).length;
const summary = [
  `${draws.length} draws ${draws[0].date}..${draws.at(-1).date}`,
  `the Bonus Ball repeats a main number in ${repeats}`,
  `main numbers ascending in ${sorted} (as published; the rest in the publisher's order)`,
].join('; ');

if (!writeOrCheck(OUTPUT, csv)) fail(`${OUTPUT} differs from what ${SOURCE.file} gives: run without --check`);
console.log(CHECK ? `tx_two_step.csv is up to date: ${summary}` : `wrote ${OUTPUT}: ${summary}`);
