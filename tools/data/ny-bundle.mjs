#!/usr/bin/env node
// Builds the bundled histories of the New York Lottery's NY Lotto (us_ny_lotto), Take 5 (us_ny_take5) and Cash4Life
// (us_cash4life, retired 2026-02-21) from real copies of New York State's open-data exports (data.ny.gov, datasets
// 6nbc-h7bj, dg63-4siq and kwxv-fwze), committed
// byte for byte under apps/api/test/fixtures/sources/ny-socrata/ (provenance in that folder's README).
//
//   node tools/data/ny-bundle.mjs            writes apps/api/data/draws/{us_ny_lotto,us_ny_take5,us_cash4life}.csv
//   node tools/data/ny-bundle.mjs --check    writes nothing; fails when the committed files differ
//   --second-copies <dir>                    also compares NY Lotto with the older export in
//                                            <dir>/ny_lotto/ (shared/data/second-copies): every common date alike
//
// It also writes the Take 5 sample in the export's current layout (apps/api/test/fixtures/sources/made/ny-socrata/,
// see that folder's README row): no byte-for-byte copy of the current export was found, so the sample is the
// bundle's own newest draws written in that layout (one row per date: `Draw Date,Evening Winning Numbers,Evening
// Bonus #,Midday Winning Numbers,Midday Bonus #`; a date of the single-draw era has its draw in the evening column).
//
// Each input is pinned to its git blob id (checked first). Every row must be read: a row that does not fit the
// game's matrix (count, range, repeats, the bonus among the six) fails the run, and so does any date twice. The
// exports' known quirks are handled here by name, each asserted so that a different input fails loudly:
// - NY Lotto: `Extra #` (Lotto Extra's second bonus number, an add-on game from 2007-03 to 2010-05) is not kept;
//   the rows are in Socrata's order (not sorted): the output is sorted by date.
// - Cash4Life: 5 of 60 and a Cash Ball 1-4 (zero-padded, `03`), from its own drum; rows in Socrata's order: sorted.
// - Take 5: `Bonus #` holds a number on 108 dates only (week-long promotions 2003-05..2008-05, not part of the 5/39
//   matrix): it is not kept; the export is newest first: the output is sorted by date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const FIXTURES = join(ROOT, 'apps/api/test/fixtures/sources/ny-socrata');
const DRAWS = join(ROOT, 'apps/api/data/draws');
const MADE = join(ROOT, 'apps/api/test/fixtures/sources/made/ny-socrata');
/** How many of the newest Take 5 draws the made sample holds. */
const MADE_ROWS = 40;

const LOTTO = {
  tag: 'us_ny_lotto',
  // dennishuang02/NYlotto_Test @ 53b1b5a58d78aace8ed86fd22c0033cff9fdae97 (data.ny.gov export of 2025-10).
  file: 'Lottery_NY_Lotto_Winning_Numbers__Beginning_2001.csv',
  blob: 'a5565881d8d4fe2abda7f4c9e93ae936ba9be50b',
  header: 'Draw Date,Winning Numbers,Bonus #,Extra #',
  mainCount: 6,
  max: 59,
};
const TAKE5 = {
  tag: 'us_ny_take5',
  // Pablo-Revuelta/lotto_bias_shinyApp @ 8acb2392d47d4ed4f6d25fb5ef9e527f076c779c (data.ny.gov export of 2020-12).
  file: 'Lottery_Take_5_Winning_Numbers.csv',
  blob: 'd7c385400d99c8d861ff323dcb20256aab86e284',
  header: 'Draw Date,Winning Numbers,Bonus #',
  mainCount: 5,
  max: 39,
};
const CASH4LIFE = {
  tag: 'us_cash4life',
  // manjunath5496/CSV-Datasets_4 @ 6d0458f747288ce888fba7c12f0d7ff5cd51afd1 (data.ny.gov export of 2020-05).
  file: 'Lottery_Cash_4_Life_Winning_Numbers__Beginning_2014.csv',
  blob: '05923f3b89787a84582b4d8cd46c697cb75fa253',
  header: 'Draw Date,Winning Numbers,Cash Ball',
  mainCount: 5,
  max: 60,
  cashBallMax: 4,
};

/** Lotto Extra's numbers: how many rows carry one, and their first and last dates. */
const LOTTO_EXTRA = { rows: 339, first: '2007-03-03', last: '2010-05-29' };
/** Take 5's promotional bonus numbers: the weeks (first..last date, every day between) that carry one. */
const TAKE5_BONUS_WINDOWS = [
  ['2003-05-05', '2003-05-09'],
  ['2003-10-27', '2003-10-31'],
  ['2004-05-03', '2004-05-07'],
  ['2004-06-03'],
  ['2004-06-10'],
  ['2004-06-17'],
  ['2004-06-24'],
  ['2004-10-25', '2004-10-29'],
  ['2005-03-27', '2005-04-02'],
  ['2005-05-01', '2005-05-07'],
  ['2005-10-30', '2005-11-05'],
  ['2006-03-26', '2006-04-01'],
  ['2006-04-30', '2006-05-06'],
  ['2006-10-29', '2006-11-04'],
  ['2007-01-07', '2007-01-13'],
  ['2007-02-18', '2007-02-24'],
  ['2007-03-25', '2007-03-31'],
  ['2007-04-29', '2007-05-05'],
  ['2007-10-28', '2007-11-03'],
  ['2008-05-04', '2008-05-10'],
];

const args = process.argv.slice(2);
const secondCopies = args.includes('--second-copies') ? args[args.indexOf('--second-copies') + 1] : null;

function fail(message) {
  console.error(`ny-bundle: ${message}`);
  process.exit(1);
}

/**
 * The export's lines after its header (LF, final newline, no quoting: none of its fields holds a comma): the pinned
 * copy's, or those of `bytes` when given (a second copy, not pinned).
 */
function exportRows(
  source,
  bytes = readPinnedCopy({ file: join(FIXTURES, source.file), name: source.file, blob: source.blob }, fail),
) {
  const text = bytes.toString('utf8');
  if (text.includes('\r') || text.includes('"') || !text.endsWith('\n'))
    fail(`${source.file}: expected LF lines, no quotes, a final newline`);
  const [header, ...lines] = text.slice(0, -1).split('\n');
  if (header !== source.header) fail(`${source.file}: header '${header}', expected '${source.header}'`);
  return lines.map((line, i) => ({ line: i + 2, fields: line.split(',') }));
}

/** MM/DD/YYYY → YYYY-MM-DD, a real calendar date. */
function isoDate(text, where) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) fail(`${where}: date '${text}' is not MM/DD/YYYY`);
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    fail(`${where}: no date ${iso}`);
  return iso;
}

/** One number of 1..max, as the export writes it: two digits for the winning numbers, bare for the bonus. */
function number(text, max, where, padded) {
  if (!(padded ? /^\d{2}$/ : /^[1-9]\d?$/).test(text))
    fail(`${where}: '${text}' is not a number as expected`);
  const value = Number(text);
  if (value < 1 || value > max) fail(`${where}: ${value} is out of range 1-${max}`);
  return value;
}

function winningNumbers(text, source, where) {
  const main = text.split(' ').map((n) => number(n, source.max, where, true));
  if (main.length !== source.mainCount)
    fail(`${where}: ${main.length} numbers, expected ${source.mainCount}`);
  if (new Set(main).size !== main.length) fail(`${where}: a number is repeated in '${text}'`);
  if (main.some((n, i) => i > 0 && n < main[i - 1])) fail(`${where}: '${text}' is not in ascending order`);
  return main;
}

function datesOf(windows) {
  const dates = [];
  for (const [first, last = first] of windows)
    for (
      let day = new Date(`${first}T00:00:00Z`);
      day <= new Date(`${last}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1)
    )
      dates.push(day.toISOString().slice(0, 10));
  return dates;
}

function sortedUnique(draws, tag) {
  draws.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (let i = 1; i < draws.length; i++)
    if (draws[i].date === draws[i - 1].date) fail(`${tag}: ${draws[i].date} is listed twice`);
  return draws;
}

function readLotto(bytes) {
  const extra = [];
  const draws = exportRows(LOTTO, bytes).map(({ line, fields }) => {
    const where = `${LOTTO.file} line ${line}`;
    if (fields.length !== 4) fail(`${where}: ${fields.length} fields, expected 4`);
    const date = isoDate(fields[0], where);
    const main = winningNumbers(fields[1], LOTTO, where);
    const bonus = number(fields[2], LOTTO.max, where, false);
    // The bonus ball is the seventh ball drawn from the same drum: it cannot repeat one of the six.
    if (main.includes(bonus)) fail(`${where}: bonus ${bonus} is one of the six numbers`);
    if (fields[3] !== '') extra.push(date);
    return { date, main, special: [bonus] };
  });
  extra.sort();
  const seen = { rows: extra.length, first: extra[0], last: extra.at(-1) };
  if (JSON.stringify(seen) !== JSON.stringify(LOTTO_EXTRA))
    fail(`NY Lotto's Extra # column: ${JSON.stringify(seen)}, expected ${JSON.stringify(LOTTO_EXTRA)}`);
  return sortedUnique(draws, LOTTO.tag);
}

function readTake5() {
  const bonus = [];
  const draws = exportRows(TAKE5).map(({ line, fields }) => {
    const where = `${TAKE5.file} line ${line}`;
    if (fields.length !== 3) fail(`${where}: ${fields.length} fields, expected 3`);
    const date = isoDate(fields[0], where);
    const main = winningNumbers(fields[1], TAKE5, where);
    if (fields[2] !== '') {
      const value = number(fields[2], TAKE5.max, where, false);
      if (main.includes(value)) fail(`${where}: bonus ${value} is one of the five numbers`);
      bonus.push(date);
    }
    return { date, main, special: [] };
  });
  bonus.sort();
  const expected = datesOf(TAKE5_BONUS_WINDOWS);
  if (JSON.stringify(bonus) !== JSON.stringify(expected))
    fail(
      `Take 5's Bonus # is set on ${bonus.length} dates, not on the ${expected.length} promotion dates listed`,
    );
  return sortedUnique(draws, TAKE5.tag);
}

function readCash4Life() {
  const draws = exportRows(CASH4LIFE).map(({ line, fields }) => {
    const where = `${CASH4LIFE.file} line ${line}`;
    if (fields.length !== 3) fail(`${where}: ${fields.length} fields, expected 3`);
    const date = isoDate(fields[0], where);
    const main = winningNumbers(fields[1], CASH4LIFE, where);
    // The Cash Ball comes from its own drum of four: it may equal a main number.
    const cashBall = number(fields[2], CASH4LIFE.cashBallMax, where, true);
    return { date, main, special: [cashBall] };
  });
  return sortedUnique(draws, CASH4LIFE.tag);
}

/** Every date both copies hold has the same numbers and bonus; the older copy has no date the newer lacks. */
function compareSecondCopy(dir, lotto) {
  const path = join(dir, 'ny_lotto', LOTTO.file);
  const other = exportRows({ ...LOTTO, blob: undefined, file: path }, readFileSync(path));
  const byDate = new Map(lotto.map((d) => [d.date, d]));
  let same = 0;
  for (const { line, fields } of other) {
    const where = `${path} line ${line}`;
    const date = isoDate(fields[0], where);
    const mine = byDate.get(date);
    if (mine === undefined) fail(`${where}: ${date} is not in ${LOTTO.file}`);
    const main = winningNumbers(fields[1], LOTTO, where).join(' ');
    const bonus = String(number(fields[2], LOTTO.max, where, false));
    if (main !== mine.main.join(' ') || bonus !== mine.special.join(' '))
      fail(
        `${where}: ${date} differs (${main} + ${bonus} there, ${mine.main.join(' ')} + ${mine.special} here)`,
      );
    same++;
  }
  console.log(`us_ny_lotto: ${same} draws also in ${path}, all alike`);
}

/** The newest draws in the export's current layout, newest first, MM/DD/YYYY, numbers as two digits, LF. */
function currentLayoutOf(draws) {
  const pad = (n) => String(n).padStart(2, '0');
  const rows = draws
    .slice(-MADE_ROWS)
    .reverse()
    .map(({ date, main }) => {
      const [year, month, day] = date.split('-');
      // Before 2021-07-26 a date has one draw, in the evening column; the midday columns are empty.
      return `${month}/${day}/${year},${main.map(pad).join(' ')},,,\n`;
    });
  return (
    'Draw Date,Evening Winning Numbers,Evening Bonus #,Midday Winning Numbers,Midday Bonus #\n' +
    rows.join('')
  );
}

const lotto = readLotto();
const take5 = readTake5();
const cash4life = readCash4Life();
if (secondCopies !== null) compareSecondCopy(secondCopies, lotto);
const outputs = [
  [
    join(DRAWS, `${LOTTO.tag}.csv`),
    drawsCsv(lotto),
    `${LOTTO.tag}: ${lotto.length} draws, ${lotto[0].date}..${lotto.at(-1).date}`,
  ],
  [
    join(DRAWS, `${TAKE5.tag}.csv`),
    drawsCsv(take5),
    `${TAKE5.tag}: ${take5.length} draws, ${take5[0].date}..${take5.at(-1).date}`,
  ],
  [
    join(DRAWS, `${CASH4LIFE.tag}.csv`),
    drawsCsv(cash4life),
    `${CASH4LIFE.tag}: ${cash4life.length} draws, ${cash4life[0].date}..${cash4life.at(-1).date}`,
  ],
  [
    join(MADE, 'Lottery_Take_5_Winning_Numbers__Beginning_1992.csv'),
    currentLayoutOf(take5),
    `${TAKE5.tag} sample in the current layout: ${MADE_ROWS} draws, ${take5.at(-MADE_ROWS).date}..${take5.at(-1).date}`,
  ],
];
let differs = false;
for (const [path, text, summary] of outputs) {
  if (writeOrCheck(path, text))
    console.log(CHECK ? `${summary}: ${path} is up to date` : `${summary}: wrote ${path}`);
  else {
    differs = true;
    console.error(`${summary}: ${path} differs`);
  }
}
if (differs) process.exit(1);
