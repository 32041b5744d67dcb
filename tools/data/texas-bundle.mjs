#!/usr/bin/env node
// Builds the bundled Lotto Texas history (apps/api/data/draws/tx_lotto_texas.csv) from a real copy of the Texas
// Lottery's own results file, committed byte for byte as apps/api/test/fixtures/sources/texas/lottotexas.csv:
//
//   https://www.texaslottery.com/export/sites/lottery/Games/Lotto_Texas/Winning_Numbers/lottotexas.csv
//   as committed in wycislo/lotto @ dbe33748ea7751db667c8318a53745e9f55aa7a1 : lottotexas.csv (git blob below)
//
//   node tools/data/texas-bundle.mjs            writes apps/api/data/draws/tx_lotto_texas.csv
//   node tools/data/texas-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The publisher's layout: no header, one draw a line, `Lotto Texas,M,D,YYYY,n1,n2,n3,n4,n5,n6`, oldest first, in
// the order the balls were drawn from 1993-10-23 on (the first 98 draws are published sorted). Every line is read;
// none is dropped or changed. The one thing the layout does not say is which column is what in the Bonus Ball
// era (5 of 44 + a Bonus Ball 1-44 from its own drum, draws 2003-05-07..2006-04-22): the sixth number is the Bonus
// Ball there, so those rows are written as five main numbers and one special. Each row is checked against the rules
// of its era (counts, ranges, no repeated main number) and the draw calendar (Wed+Sat, Mon+Wed+Sat from
// 2021-08-23); any row that does not fit stops the run. The output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = {
  file: join(ROOT, 'apps/api/test/fixtures/sources/texas/lottotexas.csv'),
  repo: 'wycislo/lotto',
  commit: 'dbe33748ea7751db667c8318a53745e9f55aa7a1',
  path: 'lottotexas.csv',
  blob: '5026b4f9f3c133b05e1e6be000b9f5d22777fcea',
};
const OUTPUT = join(ROOT, 'apps/api/data/draws/tx_lotto_texas.csv');
const GAME = 'Lotto Texas';

/** The matrices, as in lotteries.json (`rules`): main count and pool, and the Bonus Ball where there is one. */
const ERAS = [
  { from: '1992-11-14', main: 6, max: 50, special: null },
  { from: '2000-07-19', main: 6, max: 54, special: null },
  { from: '2003-05-07', main: 5, max: 44, special: { max: 44 } },
  { from: '2006-04-26', main: 6, max: 54, special: null },
];
/** Draw days (0 = Sunday), as in lotteries.json (`schedule`). */
const CALENDAR = [
  { from: '1992-11-14', days: [3, 6] },
  { from: '2021-08-23', days: [1, 3, 6] },
];

const latest = (list, date) => list.filter((e) => e.from <= date).at(-1);
const fail = exitFail('texas-bundle');

function readSource() {
  const bytes = readPinnedCopy(SOURCE, fail);
  const text = bytes.toString('ascii');
  if (!text.endsWith('\n') || text.includes('\r')) fail('expected LF line ends and a final newline');
  return text.slice(0, -1).split('\n');
}

function readDraw(line, index) {
  const at = `line ${index + 1}`;
  const fields = line.split(',');
  if (fields.length !== 10 || fields[0] !== GAME)
    fail(`${at}: expected '${GAME},M,D,YYYY,n1..n6', got '${line}'`);
  if (!fields.slice(1).every((f) => /^\d+$/.test(f))) fail(`${at}: a field is not a whole number: '${line}'`);
  const [month, day, year, ...numbers] = fields.slice(1).map(Number);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    fail(`${at}: no date ${date}`);

  const era = latest(ERAS, date);
  if (era === undefined) fail(`${at}: ${date} is before the first draw`);
  const main = numbers.slice(0, era.main);
  const special = numbers.slice(era.main);
  if (special.length !== (era.special ? 1 : 0))
    fail(`${at}: ${numbers.length} numbers do not fit the era of ${era.from}`);
  for (const n of main) if (n < 1 || n > era.max) fail(`${at}: main number ${n} is out of 1-${era.max}`);
  if (new Set(main).size !== main.length) fail(`${at}: a main number is repeated`);
  for (const n of special)
    if (n < 1 || n > era.special.max) fail(`${at}: Bonus Ball ${n} is out of 1-${era.special.max}`);
  if (!latest(CALENDAR, date).days.includes(parsed.getUTCDay()))
    fail(`${at}: no draw is scheduled on ${date}`);
  return { date, main, special };
}

const draws = readSource().map(readDraw);
for (let i = 1; i < draws.length; i++)
  if (draws[i].date <= draws[i - 1].date)
    fail(`line ${i + 1}: ${draws[i].date} is not after ${draws[i - 1].date}`);

const csv = drawsCsv(draws);

const bonus = draws.filter((d) => d.special.length > 0);
const repeats = bonus.filter((d) => d.main.includes(d.special[0])).length;
const sorted = (d) => d.main.every((n, i) => i === 0 || d.main[i - 1] < n);
const firstUnsorted = draws.find((d) => !sorted(d));
const summary = [
  `${draws.length} draws ${draws[0].date}..${draws.at(-1).date}`,
  `${bonus.length} with a Bonus Ball (${bonus[0].date}..${bonus.at(-1).date}; in ${repeats} it repeats a main number)`,
  `main numbers sorted in all ${draws.filter((d) => d.date < firstUnsorted.date).length} draws before ${firstUnsorted.date}` +
    ` and in ${draws.filter((d) => d.date > firstUnsorted.date && sorted(d)).length} after`,
].join('; ');

if (!writeOrCheck(OUTPUT, csv)) fail(`${OUTPUT} differs from what ${SOURCE.file} gives: run without --check`);
console.log(CHECK ? `tx_lotto_texas.csv is up to date: ${summary}` : `wrote ${OUTPUT}: ${summary}`);
