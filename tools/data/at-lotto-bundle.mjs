#!/usr/bin/env node
// Builds the bundled history of Austria's Lotto "6 aus 45" (apps/api/data/draws/at_lotto.csv) from a real copy of
// daowa89/lottery-archive's `at/lotto_6aus45/results.csv` (MIT), a mirror kept current by a GitHub Action that reads
// the Österreichische Lotterien's own files on statics.win2day.at (`lotto-ergebnisse-1986-2010.csv`,
// `lotto-ziehungen-2010-2017.csv`, then one `NN_W2D_STAT_Lotto_{YEAR}.csv` a year), committed byte for byte as
// apps/api/test/fixtures/sources/daowa89/lotto_6aus45/results.csv:
//
//   daowa89/lottery-archive @ 8f9b49bd8e20ae3c07484bba8aa3c1c702fed54d : at/lotto_6aus45/results.csv (blob below)
//
//   node tools/data/at-lotto-bundle.mjs            writes apps/api/data/draws/at_lotto.csv
//   node tools/data/at-lotto-bundle.mjs --check    writes nothing; fails when the committed file differs
//
// The mirror's layout: a header `date,n1,n2,n3,n4,n5,n6,zusatzzahl`, CRLF (Python's csv module), ISO dates, oldest
// first, the six numbers ascending (the order win2day's files give: `aufsteigend`) except one row, 2010-05-09, which
// the mirror keeps in another order (kept as published: the lottery's order is not the draw order). The Zusatzzahl
// is drawn from the same drum after the six (stored as the special number). Every row is read and checked: six
// distinct numbers 1-45, a Zusatzzahl 1-45 that is none of them, dates strictly ascending, and the draw calendar
// (Sundays; Wednesdays and Sundays from 1997-09-03): a date off it must be one of OFF_SCHEDULE (holiday moves) or a
// Friday from 2020-03-13 (the Lotto Bonus-Ziehung). One row is left out, by name: DROPPED. Anything else stops the
// run. The output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const SOURCE = {
  file: join(ROOT, 'apps/api/test/fixtures/sources/daowa89/lotto_6aus45/results.csv'),
  repo: 'daowa89/lottery-archive',
  commit: '8f9b49bd8e20ae3c07484bba8aa3c1c702fed54d',
  path: 'at/lotto_6aus45/results.csv',
  blob: 'cb26026c9d831da3b6ba5c20d7e96d995f1e5065',
};
const OUTPUT = join(ROOT, 'apps/api/data/draws/at_lotto.csv');
const HEADER = 'date,n1,n2,n3,n4,n5,n6,zusatzzahl';

/** Draw days (0 = Sunday), as in lotteries.json (`schedule`). */
const CALENDAR = [
  { from: '1986-09-07', days: [0] },
  { from: '1997-09-03', days: [0, 3] },
];
/** The Friday Lotto Bonus-Ziehung: the mirror's first is 2020-03-13 (lotteries.json lists each one). */
const BONUS_FRIDAYS_FROM = '2020-03-13';
/** Regular draws the file dates off their weekday (holidays), as lotteries.json's offScheduleDraws lists them. */
const OFF_SCHEDULE = ['1987-01-01', '1989-12-25', '1995-12-23', '2000-12-23', '2001-12-29', '2003-12-25'];
/**
 * Left out: the row dated 1995-01-03 (a Tuesday) repeats the seven numbers of 1993-01-03 exactly (1 26 33 34 39
 * 40 45, Zusatzzahl 45 there too); a copy of the wrong row, not a draw (the chance of a repeat is 1 in 8,145,060 × 39).
 */
const DROPPED = { '1995-01-03': '1993-01-03' };

const latest = (list, date) => list.filter((e) => e.from <= date).at(-1);
const fail = exitFail('at-lotto-bundle');

function readSource() {
  const bytes = readPinnedCopy(SOURCE, fail);
  const text = bytes.toString('ascii');
  if (
    !text.endsWith('\r\n') ||
    text.replaceAll('\r\n', '').includes('\r') ||
    text.replaceAll('\r\n', '').includes('\n')
  )
    fail('expected CRLF line ends throughout and a final line end');
  const lines = text.slice(0, -2).split('\r\n');
  if (lines[0] !== HEADER) fail(`expected the header '${HEADER}', got '${lines[0]}'`);
  return lines.slice(1);
}

function readDraw(line, index) {
  const at = `line ${index + 2}`;
  const fields = line.split(',');
  if (fields.length !== 8 || !fields.slice(1).every((f) => /^\d{1,2}$/.test(f)))
    fail(`${at}: expected 'YYYY-MM-DD,n1..n6,zusatzzahl', got '${line}'`);
  const date = fields[0];
  const parsed = new Date(`${date}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== date
  )
    fail(`${at}: no date '${date}'`);
  const numbers = fields.slice(1).map(Number);
  const main = numbers.slice(0, 6);
  const special = numbers.slice(6);
  for (const n of numbers) if (n < 1 || n > 45) fail(`${at}: number ${n} is out of 1-45`);
  if (new Set(numbers).size !== 7)
    fail(`${at}: a number is repeated (the Zusatzzahl is drawn from the same drum)`);
  const day = parsed.getUTCDay();
  const onCalendar = latest(CALENDAR, date).days.includes(day);
  const bonusFriday = day === 5 && date >= BONUS_FRIDAYS_FROM;
  if (!onCalendar && !bonusFriday && !OFF_SCHEDULE.includes(date) && DROPPED[date] === undefined)
    fail(`${at}: no draw is scheduled on ${date}`);
  return { date, main, special, offSchedule: !onCalendar };
}

const all = readSource().map(readDraw);
for (let i = 1; i < all.length; i++)
  if (all[i].date <= all[i - 1].date) fail(`line ${i + 2}: ${all[i].date} is not after ${all[i - 1].date}`);
for (const [date, copyOf] of Object.entries(DROPPED)) {
  const [row, original] = [date, copyOf].map((d) => all.find((draw) => draw.date === d));
  if (
    row === undefined ||
    original === undefined ||
    `${row.main} ${row.special}` !== `${original.main} ${original.special}`
  )
    fail(`${date} no longer repeats ${copyOf}: look at it again before dropping it`);
}
const draws = all.filter((d) => DROPPED[d.date] === undefined);

const csv = drawsCsv(draws);

const off = draws.filter((d) => d.offSchedule);
const fridays = off.filter((d) => d.date >= BONUS_FRIDAYS_FROM);
const unsorted = draws.filter((d) => d.main.some((n, i) => i > 0 && d.main[i - 1] > n)).map((d) => d.date);
const summary = [
  `${draws.length} draws ${draws[0].date}..${draws.at(-1).date}`,
  `${off.length} off the Wed/Sun calendar (${fridays.length} Friday bonus draws ${fridays[0].date}..${fridays.at(-1).date}, ` +
    `${off.length - fridays.length} holiday moves)`,
  `left out: ${Object.keys(DROPPED).join(', ')}`,
  `numbers not ascending: ${unsorted.join(', ')}`,
].join('; ');

if (process.argv.includes('--off-schedule')) {
  for (const d of off) console.log(d.date);
} else {
  if (!writeOrCheck(OUTPUT, csv))
    fail(`${OUTPUT} differs from what ${SOURCE.file} gives: run without --check`);
  console.log(CHECK ? `at_lotto.csv is up to date: ${summary}` : `wrote ${OUTPUT}: ${summary}`);
}
