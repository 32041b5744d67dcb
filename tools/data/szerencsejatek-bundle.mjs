#!/usr/bin/env node
// Builds the bundled histories of Szerencsejáték's (Hungary) Lotto-type games from real copies of its result files
// (bet.szerencsejatek.hu/cmsfiles/{otos,hatos,skandi}.csv), kept byte for byte in
// apps/api/test/fixtures/sources/szerencsejatek/ (provenance in that folder's README and in SOURCES below; each
// file's git blob id is checked):
//
//   apps/api/data/draws/hu_otoslotto.csv, hu_hatoslotto.csv, hu_skandinav.csv   the draws (date,main,special[,round])
//   apps/api/data/prizes/hu_otoslotto.csv, hu_hatoslotto.csv                     winners and prize per tier
//
//   node tools/data/szerencsejatek-bundle.mjs           writes them
//   node tools/data/szerencsejatek-bundle.mjs --check   writes nothing; fails when a committed file differs
//
// The publisher's layout: no header, `;`, newest row first, `YYYY.MM.DD.` dates, winners as digits and amounts as
// `1 234 Ft`. Rows before 2004-11 have no date: they cannot be draws of a date, so they are left out (counted and
// reported, never guessed). Every row is checked against the rules of its era (counts, ranges, distinct numbers,
// Hatoslottó's bonus number until 2007-07-22), Hatoslottó's weekday column against its date, and every prize cell
// against the publisher's format; anything else fails the run, naming the file and line. No number goes through
// floating point; the output is deterministic.
import { join } from 'node:path';
import { ROOT, prizeCsv, readPinnedCopy, writeOrCheckAll } from './bundle-io.mjs';

const FIXTURES = join(ROOT, 'apps/api/test/fixtures/sources/szerencsejatek');
const DRAWS_DIR = join(ROOT, 'apps/api/data/draws');
const PRIZES_DIR = join(ROOT, 'apps/api/data/prizes');

/** Hatoslottó's bonus number (pótszám, and its 5+1 tier) was last drawn on 2007-07-22. */
const HATOS_NO_BONUS_FROM = '2007-07-29';

const WEEKDAYS = ['Vasárnap', 'Hétfő', 'Kedd', 'Szerda', 'Csütörtök', 'Péntek', 'Szombat'];

/**
 * Each game: the copy read (repository @ commit : path, git blob), its columns (1-based, as the sync's mapping
 * names them), the numbers per era, and the prize tiers per era (rank → winners and amount columns).
 */
const SOURCES = [
  {
    tag: 'hu_otoslotto',
    file: 'otos.csv',
    origin: {
      repo: 'tothm23/5-os-lotto',
      commit: '2fd768cd1ec02cac3df9eef82ae0eace8783b74e',
      path: 'otos.csv',
    },
    blob: 'e70f4aa81a44e6001e685ac03c3d085227a4af0d',
    bom: true,
    fields: [16],
    date: 3,
    eras: [{ from: '2004-11-06', main: { at: 12, count: 5, max: 90 }, bonus: null }],
    tiers: [
      // 5, 4, 3 and 2 hits.
      {
        from: '2004-11-06',
        ranks: [
          [4, 5],
          [6, 7],
          [8, 9],
          [10, 11],
        ],
      },
    ],
  },
  {
    tag: 'hu_hatoslotto',
    file: 'hatos.csv',
    origin: { repo: 'karsaib/lotto', commit: 'c868daafb6ff8fc411c6c834cd8ddb1fec634db0', path: 'hatos.csv' },
    blob: 'a69a62628092de954df255446db80d0d44008bfc',
    bom: true,
    // 20 fields; 21 where a 21st (the bonus number, empty from 2007-07-29) follows the six numbers (until 2016-11-27).
    fields: [20, 21],
    date: 4,
    weekday: 3,
    eras: [
      { from: '2004-11-07', main: { at: 15, count: 6, max: 45 }, bonus: { at: 21, max: 45 } },
      { from: HATOS_NO_BONUS_FROM, main: { at: 15, count: 6, max: 45 }, bonus: null },
    ],
    tiers: [
      // 6, 5+1 (bonus number), 5, 4 and 3 hits.
      {
        from: '2004-11-07',
        ranks: [
          [5, 6],
          [7, 8],
          [9, 10],
          [11, 12],
          [13, 14],
        ],
      },
      // 6, 5, 4 and 3 hits; the 5+1 columns (7, 8) stay, always 0 (checked).
      {
        from: HATOS_NO_BONUS_FROM,
        ranks: [
          [5, 6],
          [9, 10],
          [11, 12],
          [13, 14],
        ],
        unused: [7, 8],
      },
    ],
  },
  {
    tag: 'hu_skandinav',
    file: 'skandi.csv',
    origin: { repo: 'gabo13/lotto', commit: 'fbe9ec2cc07a3a1ed2ac906da30d8e1c31893371', path: 'skandi.csv' },
    blob: '1e33e92bb3683c1d0af5e00106c760a2b76a1104',
    bom: false,
    fields: [25],
    date: 3,
    // Two draws a row: 7 machine-drawn numbers (round 1), then 7 hand-drawn numbers (round 2).
    eras: [{ from: '2004-11-03', main: { at: 12, count: 7, max: 35 }, bonus: null, round2: { at: 19 } }],
    // The file's four tiers (7, 6, 5, 4 hits) are one winners count and one amount for both draws together: not
    // stored (apps/api/data/prizes/README.md says why).
    tiers: null,
  },
];

function fail(message) {
  throw new Error(message);
}

/** 'YYYY.MM.DD.' → 'YYYY-MM-DD' (a real calendar date), or null. */
function isoOf(text) {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})\.$/.exec(text);
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

const weekdayOf = (iso) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** A ball: digits without a leading zero, 1..max. */
function ball(text, max, where) {
  if (!/^[1-9]\d?$/.test(text) || Number(text) > max)
    fail(`${where}: '${text}' is not a number from 1 to ${max}`);
  return Number(text);
}

/** Winners: digits. */
function winnersOf(text, where) {
  if (!/^(0|[1-9]\d*)$/.test(text)) fail(`${where}: winners '${text}' is not a whole number`);
  return text;
}

/** An amount `1 234 Ft` as its digits. */
function amountOf(text, where) {
  const match = /^(0|[1-9]\d{0,2}(?: \d{3})*) Ft$/.exec(text);
  if (!match) fail(`${where}: amount '${text}' is not of the form '1 234 Ft'`);
  return match[1].replaceAll(' ', '');
}

const eraOn = (eras, date) => eras.filter((era) => era.from <= date).at(-1);

/** One game's file: its dated rows (newest first, as published) and how many undated rows were left out. */
function readSource(source) {
  const bytes = readPinnedCopy(
    { file: join(FIXTURES, source.file), name: source.file, blob: source.blob },
    fail,
  );
  let text = bytes.toString('utf8');
  const hasBom = text.startsWith('\ufeff');
  if (hasBom !== source.bom)
    fail(`${source.file}: ${hasBom ? 'a' : 'no'} byte order mark, expected otherwise`);
  if (hasBom) text = text.slice(1);
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text) || /\r(?!\n)/.test(text))
    fail(`${source.file}: expected CRLF line ends throughout`);
  const lines = text.slice(0, -2).split('\r\n');
  const dated = [];
  let undated = 0;
  for (const [index, line] of lines.entries()) {
    const where = `${source.file} line ${index + 1}`;
    const cells = line.split(';');
    if (!source.fields.includes(cells.length))
      fail(`${where}: ${cells.length} fields, expected ${source.fields}`);
    const cell = (column) => cells[column - 1];
    const dateText = cell(source.date);
    if (dateText === '') {
      undated++;
      continue;
    }
    // Undated rows are the oldest: none may come before a dated one.
    if (undated > 0) fail(`${where}: a dated row after an undated one`);
    const date = isoOf(dateText);
    if (date === null) fail(`${where}: '${dateText}' is not a date YYYY.MM.DD.`);
    if (source.weekday !== undefined && cell(source.weekday) !== WEEKDAYS[weekdayOf(date)])
      fail(`${where}: weekday '${cell(source.weekday)}' but ${date} is a ${WEEKDAYS[weekdayOf(date)]}`);
    const previous = dated.at(-1);
    if (previous && previous.date <= date)
      fail(`${where}: ${date} is not older than the row above (${previous.date})`);
    dated.push({ line: index + 1, date, cell, cells });
  }
  return { rows: dated, undated, lines: lines.length };
}

/** The draws of one row (one, or two for Skandináv), checked against the era in force on its date. */
function drawsOf(source, row) {
  const where = `${source.file} line ${row.line} (${row.date})`;
  const era = eraOn(source.eras, row.date);
  if (!era) fail(`${where}: before the first era (${source.eras[0].from})`);
  const group = (at, count, max) => {
    const numbers = Array.from({ length: count }, (_, i) => ball(row.cell(at + i), max, where));
    if (new Set(numbers).size !== count) fail(`${where}: a number is repeated in ${numbers.join(' ')}`);
    return numbers;
  };
  const main = group(era.main.at, era.main.count, era.main.max);
  let special = [];
  if (era.bonus) {
    const bonus = ball(row.cell(era.bonus.at) ?? '', era.bonus.max, `${where} bonus number`);
    if (main.includes(bonus)) fail(`${where}: bonus number ${bonus} is one of the main numbers`);
    special = [bonus];
  } else if (row.cells.length > era.main.at + era.main.count - 1 && !era.round2) {
    // Columns after the numbers (hatos.csv's 21st) must be empty in an era without a bonus number.
    const rest = row.cells.slice(era.main.at + era.main.count - 1);
    if (rest.some((cell) => cell !== '')) fail(`${where}: numbers after the ${era.main.count} main ones`);
  }
  const draws = [{ date: row.date, round: 1, main, special }];
  if (era.round2)
    draws.push({
      date: row.date,
      round: 2,
      main: group(era.round2.at, era.main.count, era.main.max),
      special: [],
    });
  return draws;
}

/** The prize row of one dated row (format of apps/api/data/prizes/README.md), or null for a game without prizes. */
function prizesOf(source, row, ranksInFile) {
  if (source.tiers === null) return null;
  const where = `${source.file} line ${row.line} (${row.date})`;
  const tiers = eraOn(source.tiers, row.date);
  for (const column of tiers.unused ?? []) {
    const text = row.cell(column);
    if (text !== '0' && text !== '0 Ft')
      fail(`${where}: column ${column} holds '${text}', expected 0 (no such tier)`);
  }
  const ranks = tiers.ranks.map(([winnersAt, amountAt]) => {
    const winners = winnersOf(row.cell(winnersAt), where);
    const amount = amountOf(row.cell(amountAt), where);
    if ((winners === '0') !== (amount === '0'))
      fail(`${where}: ${winners} winners and ${amount} Ft per winner (one is 0, the other not)`);
    return { winners, amount: amount === '0' ? '' : amount };
  });
  const [top] = ranks;
  const { repo, commit, path } = source.origin;
  const cells = [
    row.date,
    '1',
    'HUF',
    // A sole top winner takes the whole pool: that amount is the jackpot (as the sync reads it); several share it.
    top.winners === '1' ? top.amount : '',
    top.winners === '0' ? 'false' : 'true',
    '',
    '',
    '',
  ];
  for (let rank = 0; rank < ranksInFile; rank++) {
    const tier = ranks[rank];
    cells.push(tier?.winners ?? '', tier?.amount ?? '', '');
  }
  cells.push(`${repo}@${commit.slice(0, 8)}:${path}#${row.line}`);
  return cells.join(',');
}

function build() {
  const files = new Map();
  const report = [];
  for (const source of SOURCES) {
    const { rows, undated, lines } = readSource(source);
    const ascending = [...rows].reverse();
    const draws = ascending.flatMap((row) => drawsOf(source, row));
    const withRound = draws.some((draw) => draw.round > 1);
    const drawLines = [withRound ? 'date,main,special,round' : 'date,main,special'];
    for (const draw of draws)
      drawLines.push(
        [
          draw.date,
          draw.main.join(' '),
          draw.special.join(' '),
          ...(withRound ? [String(draw.round)] : []),
        ].join(','),
      );
    files.set(join(DRAWS_DIR, `${source.tag}.csv`), drawLines.join('\n') + '\n');
    let prizeRows = 0;
    if (source.tiers !== null) {
      const ranks = Math.max(...source.tiers.map((tiers) => tiers.ranks.length));
      const prizeLines = ascending.map((row) => prizesOf(source, row, ranks));
      prizeRows = prizeLines.length;
      files.set(join(PRIZES_DIR, `${source.tag}.csv`), prizeCsv(ranks, prizeLines));
    }
    const unsorted = draws.filter((draw) => draw.main.some((n, i) => i > 0 && n < draw.main[i - 1])).length;
    report.push(
      `${source.tag}: ${lines} lines, ${rows.length} dated (${rows.at(-1).date}..${rows[0].date}), ` +
        `${undated} undated left out; ${draws.length} draws (${unsorted} not in ascending order), ` +
        `${prizeRows} prize rows`,
    );
  }
  return { files, report };
}

const { files, report } = build();
writeOrCheckAll(files, report);
