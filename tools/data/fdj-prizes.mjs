#!/usr/bin/env node
// Builds the bundle's prize facts (apps/api/data/prizes/<tag>.csv) for eu_euromillions and fr_lotto from FDJ's
// original historic result files, as published copies of them sit in public GitHub repositories (SOURCES below,
// each pinned to a commit and to the file's git blob id, which is checked byte for byte).
//
//   node tools/data/fdj-prizes.mjs <sources-dir>            writes apps/api/data/prizes/{eu_euromillions,fr_lotto}.csv
//   node tools/data/fdj-prizes.mjs <sources-dir> --check    writes nothing; fails when the committed files differ
//   node tools/data/fdj-prizes.mjs --fetch-script           prints the shell commands that fill <sources-dir>
//   --draws <dir> reads the bundled draws from <dir> instead of apps/api/data/draws (to try the cross-checks).
//
// <sources-dir> holds each source file at <owner>/<repo>/<commit>/<path>. `--fetch-script` prints, for every
// source, `git clone` (once per repository) and `git -C <clone> show <commit>:<path> > <dir>/<owner>/<repo>/...`;
// run it with CLONES and DIR set (see apps/api/data/prizes/README.md). The primary files are required; the
// copies are other public copies of the same FDJ files, used only to cross-check the rows they share with the
// primaries (a missing copy is reported and skipped).
//
// Every row is cross-checked against apps/api/data/draws/<tag>.csv: its date must be a bundled draw, and its
// balls (FDJ's draw order) and stars / numéro chance must be the bundled ones, in the same order. A bundled draw
// without a prize row fails the run unless it lies in a documented gap (knownGaps). Amounts are FDJ's decimal
// text with `.` for `,`; no number goes through floating point. The output is deterministic.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, gitBlobId, prizeHeader } from './bundle-io.mjs';

let drawsDir = join(ROOT, 'apps/api/data/draws');
const PRIZES_DIR = join(ROOT, 'apps/api/data/prizes');

const LIFEGRID = { repo: 'Lifegrid/LotoPredictor', commit: '311079fe0a087420c641954db5b3e3697bf15785' };
const HYMPERALIX_OLD = {
  repo: 'Hymperalix/heromillions-api',
  commit: '1a633dfa7f896542151e373c63afac956a1330cc',
};
const HYMPERALIX = {
  repo: 'Hymperalix/heromillions-api',
  commit: '9750c7d95cca448bb9e5cf0b8c1f90b6846f8287',
};
const ANNNOUILLE = { repo: 'Annnouille/hello-world', commit: '0c2e5e5c1a74e60018662a627ad00dfb058f04ad' };
const MARTYNX = { repo: 'MartYnX/loto', commit: 'bf7e3dde85b9ea7f3331372b4746f9c8a84a89b8' };

/** One lottery: its primary FDJ files (a date may be in only one of them), copies for cross-checks, fixes, gaps. */
const SOURCES = [
  {
    tag: 'eu_euromillions',
    game: 'euromillions',
    primary: [
      { ...LIFEGRID, path: 'legacy/euromillions.csv', blob: '54ddc687ce9992d5ba6760570339f8fbcf21e032' },
      { ...LIFEGRID, path: 'data/euromillions_2.csv', blob: '3060c055c8b180f7fbbd9403ea701e0a8203cf10' },
      { ...LIFEGRID, path: 'data/euromillions_3.csv', blob: 'a26d0a06fb62b48dd893756512d68def25f33657' },
      { ...LIFEGRID, path: 'data/euromillions_4.csv', blob: 'e5da82394b9cfa648992e1090a679597273bba62' },
      { ...LIFEGRID, path: 'data/euromillions_201902.csv', blob: '0252e71c22d65892e84993c212ce762a494770fa' },
      { ...LIFEGRID, path: 'data/euromillions_202002.csv', blob: '1f9e0072c73f92990a846c9cb0e5cba65736e075' },
    ],
    copies: [
      // An older FDJ euromillions_4.csv (2016-09-27..2019-01-29).
      { ...HYMPERALIX_OLD, path: 'euromillions_4.csv', blob: 'e2adf7d77e05ed9a7a478dd573229ddf0c1de72f' },
      // An older FDJ euromillions_202002.csv (2020-02-04..2020-06-23): it still has the 2020-02-04 draw.
      { ...HYMPERALIX, path: 'euromillions_202002.csv', blob: '67390e651be5f56109e7acecb5585359d01d1893' },
    ],
    dateFixes: [
      {
        path: 'data/euromillions_202002.csv',
        drawId: '20222066',
        raw: '18/08/2022',
        date: '2022-08-19',
        reason:
          'FDJ dates the Friday 2022-08-19 draw 18/08/2022 (a Thursday); jour_de_tirage VENDREDI and the bundle say 2022-08-19',
      },
    ],
    knownGaps: [],
  },
  {
    tag: 'fr_lotto',
    game: 'loto',
    primary: [
      { ...ANNNOUILLE, path: 'nouveau_loto.csv', blob: 'f78959432190c00f0e9a6b7e51784c4a31750afd' },
      { ...ANNNOUILLE, path: 'loto2017.csv', blob: 'e73f406145c434e1456e075a89bd114dfd64fa03' },
      { ...ANNNOUILLE, path: 'loto_201902.csv', blob: '53751ee0c71d1ebbd173b715d456d80946a2a65e' },
      { ...MARTYNX, path: 'loto/results/loto_201911.csv', blob: 'e4e5e460f53d1566c8c4554c2c7cb35e4ccfac9b' },
    ],
    copies: [
      {
        repo: 'Aktarel/loto-swing',
        commit: '91028e6718235eff18f29a83000147eed6a0173b',
        path: 'nouveau_loto.csv',
        blob: 'ce810560b222c7d4dc91a7ff1eed36325d8c2604',
      },
      {
        repo: 'Aktarel/loto-swing',
        commit: 'd6f71c1ef9f7ef1ef446803e5c71d5aa03b2d568',
        path: 'csv/nouveau_loto_09_05_2016.csv',
        blob: '080893193629a6a590487c16fbc4844f26ca2ec3',
      },
      {
        repo: 'JFFournier/Euro_Million',
        commit: 'acc19fe5e2b2ec0d54df9b9c2180ce0390bd317c',
        path: 'nouveau_loto.csv',
        blob: '857a625be0d5f8cd2e2afb673db7fc0446da0f44',
      },
      {
        repo: 'looping42/LotoProject',
        commit: '672905f0ad8d0d5140c929e125b355f73ba2c081',
        path: 'data/loto_201911.csv',
        blob: '6dc2920e202965be7ebf424e5947dcd7f209c540',
      },
      { ...ANNNOUILLE, path: 'loto_201911.csv', blob: '2f25ab291fc6c08463b0e134f2955202254c2d3d' },
      {
        repo: 'rastakoer/loto',
        commit: '281484408317fce394ca9a8db3321af07a000d31',
        path: 'data/loto_201911.csv',
        blob: 'a9c3492f6c955e756d2a1716a6cab4d33f1b96af',
      },
      {
        repo: 'dylanalezra/oecd',
        commit: '1558e5643ebdd84634b934508c8c08df7d0953e9',
        path: 'loto_201911.csv',
        blob: 'c1f3f36fbf57941cb0234e60cceb44db197d7829',
      },
      {
        repo: 'LaCapitainerie/Jafar',
        commit: 'f24a1e46dcd8b6b7db9c27acc321440d4fe6d04e',
        path: 'loto_201911.csv',
        blob: 'bd9b7161e3cfd85c073bbc443fe1cc5221defaa2',
      },
      {
        repo: 'maypel/stream_stat',
        commit: '066679af952c4e1b22a3286e271fc29bfa23b8e7',
        path: 'data/loto/loto_201911.csv',
        blob: '7917e4b1de9bdf78b7ea18e7e26d70f2b24ebd50',
      },
    ],
    dateFixes: [],
    knownGaps: [
      {
        from: '2024-07-27',
        to: '2025-05-10',
        reason:
          'no public copy of an FDJ loto_201911.csv newer than 2024-07-24 was found (the bundle has these draws from a numbers-only subset)',
      },
    ],
  },
];

const WEEKDAYS = ['DIMANCHE', 'LUNDI', 'MARDI', 'MERCREDI', 'JEUDI', 'VENDREDI', 'SAMEDI'];

class SourceError extends Error {}

function fail(message) {
  throw new SourceError(message);
}

function shortRef(source) {
  return `${source.repo}@${source.commit.slice(0, 8)}:${source.path}`;
}

function localPath(dir, source) {
  const [owner, repo] = source.repo.split('/');
  return join(dir, owner, repo, source.commit, source.path);
}

/** FDJ's files are UTF-8 or Windows-1252 (some copies were re-encoded): UTF-8 when the bytes are valid UTF-8. */
function decode(bytes) {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** `;`-separated, no quoting (checked), a header row; rows may carry one more, empty, trailing field. */
function parseSemicolonFile(text, ref) {
  if (text.includes('"'))
    fail(`${ref}: contains a quote character; this reader expects FDJ's unquoted format`);
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = lines[0].replace(/\r$/, '').split(';');
  if (header.at(-1) === '') header.pop();
  const seen = new Set();
  for (const name of header) {
    if (seen.has(name)) fail(`${ref}: column ${name} appears twice`);
    seen.add(name);
  }
  const rows = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.trim() === '') fail(`${ref}: blank line ${i + 1} (data row numbers would be ambiguous)`);
    const fields = line.split(';');
    if (fields.length === header.length + 1 && fields.at(-1) === '') fields.pop();
    if (fields.length !== header.length)
      fail(`${ref}: data row ${i} has ${fields.length} fields, the header ${header.length}`);
    rows.push({ rowNumber: i, get: (name) => fields[header.indexOf(name)] });
  }
  return { header, rows };
}

/** The rank columns of a file, by name: rank → {total, france?, amount} column names. */
function rankColumns(header, game, ref) {
  const patterns =
    game === 'euromillions'
      ? [
          [/^nombre_de_gagnant_au_rang(\d+)(?:_Euro_Millions)?_en_europe$/, 'total'],
          [/^nombre_de_gagnant_au_rang(\d+)(?:_Euro_Millions)?_en_france$/, 'france'],
          [/^rapport_du_rang(\d+)(?:_Euro_Millions)?$/, 'amount'],
        ]
      : [
          [/^nombre_de_gagnant_au_rang(\d+)$/, 'total'],
          [/^rapport_du_rang(\d+)$/, 'amount'],
        ];
  const ranks = new Map();
  for (const name of header) {
    for (const [pattern, key] of patterns) {
      const match = pattern.exec(name);
      if (!match) continue;
      const rank = Number(match[1]);
      const columns = ranks.get(rank) ?? {};
      if (columns[key]) fail(`${ref}: two ${key} columns for rank ${rank}`);
      columns[key] = name;
      ranks.set(rank, columns);
    }
  }
  const count = ranks.size;
  for (let rank = 1; rank <= count; rank++) {
    const columns = ranks.get(rank);
    const needed = game === 'euromillions' ? ['total', 'france', 'amount'] : ['total', 'amount'];
    if (!columns || needed.some((key) => !columns[key]))
      fail(`${ref}: rank columns are not 1..${count} with ${needed.join('/')} each`);
  }
  if (count === 0) fail(`${ref}: no rank columns`);
  return Array.from({ length: count }, (_, i) => ranks.get(i + 1));
}

function parseDate(raw, ref) {
  let y, m, d;
  let match;
  if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(raw))) [, y, m, d] = match;
  else if ((match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw))) [, d, m, y] = match;
  else if ((match = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(raw))) {
    [, d, m, y] = match;
    y = `20${y}`;
  } else fail(`${ref}: date_de_tirage ${JSON.stringify(raw)} is in none of FDJ's formats`);
  const iso = `${y}-${m}-${d}`;
  const check = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== iso)
    fail(`${ref}: date_de_tirage ${raw} is not a calendar date`);
  return iso;
}

function weekdayOf(iso) {
  return WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()];
}

function count(raw, ref) {
  const value = (raw ?? '').trim();
  if (!/^\d+$/.test(value)) fail(`${ref}: winners ${JSON.stringify(raw)} is not a whole number`);
  return value.replace(/^0+(?=\d)/, '');
}

/** FDJ's amount text as a decimal with `.` ("616553,40" → "616553.40"), by string manipulation only. */
function amount(raw, ref, quirks) {
  const value = (raw ?? '').trim();
  const match = /^(\d+)(?:([.,])(\d{1,2}))?$/.exec(value);
  if (!match) fail(`${ref}: amount ${JSON.stringify(raw)} is not a decimal with at most 2 decimals`);
  if (match[2] === '.') quirks.dotDecimals.add(ref.replace(/ rank \d+$/, ''));
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return match[3] === undefined ? whole : `${whole}.${match[3]}`;
}

const isZero = (decimal) => /^0(?:\.0+)?$/.test(decimal);
/** The same decimal value written the same way ("36024.60" and "36024.6"), to compare copies. */
const canonical = (decimal) => (decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal);

function newQuirks() {
  return {
    dotDecimals: new Set(),
    europeUnpublished: [],
    zeroWinnersWithAmount: new Map(),
    winnersWithoutAmount: [],
    weekdayMismatches: [],
    noCurrencyColumn: new Set(),
  };
}

/** Every draw of one FDJ file, as facts: date, numbers, and per rank the winners, the France count, the amount. */
function readSource(dir, source, game, dateFixes, quirks) {
  const ref = shortRef(source);
  const file = localPath(dir, source);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const blob = gitBlobId(bytes);
  if (blob !== source.blob) fail(`${ref}: git blob ${blob}, expected ${source.blob} (not the pinned file)`);
  const { text, encoding } = decode(bytes);
  const { header, rows } = parseSemicolonFile(text, ref);
  const specialNames = game === 'euromillions' ? ['etoile_1', 'etoile_2'] : ['numero_chance'];
  for (const name of [
    'date_de_tirage',
    'boule_1',
    'boule_2',
    'boule_3',
    'boule_4',
    'boule_5',
    ...specialNames,
  ])
    if (!header.includes(name)) fail(`${ref}: no column ${name} (is this a ${game} file?)`);
  const ranks = rankColumns(header, game, ref);
  const hasCurrency = header.includes('devise');
  if (!hasCurrency) quirks.noCurrencyColumn.add(ref);
  const fixes = dateFixes.filter((fix) => fix.path === source.path);
  const usedFixes = new Set();
  const draws = rows.map((row) => {
    const at = `${ref}#${row.rowNumber}`;
    const raw = row.get('date_de_tirage').trim();
    let date = parseDate(raw, at);
    const fix = fixes.find((f) => f.raw === raw && f.drawId === row.get('annee_numero_de_tirage').trim());
    if (fix) {
      date = fix.date;
      usedFixes.add(fix);
    }
    const day = (row.get('jour_de_tirage') ?? '').trim().toUpperCase();
    if (day && !weekdayOf(date).startsWith(day)) quirks.weekdayMismatches.push(`${at} ${raw} ${day}`);
    if (hasCurrency) {
      const currency = row.get('devise').trim().toLowerCase();
      if (currency !== 'eur') fail(`${at}: devise ${JSON.stringify(currency)}: only euros are handled`);
    }
    const number = (name) => {
      const value = row.get(name).trim();
      if (!/^\d{1,2}$/.test(value)) fail(`${at}: ${name} ${JSON.stringify(value)} is not a number`);
      return String(Number(value));
    };
    return {
      date,
      ref,
      source,
      rowNumber: row.rowNumber,
      encoding,
      main: ['boule_1', 'boule_2', 'boule_3', 'boule_4', 'boule_5'].map(number).join(' '),
      special: specialNames.map(number).join(' '),
      ranks: ranks.map((columns, i) => ({
        total: count(row.get(columns.total), `${at} rank ${i + 1}`),
        france: columns.france ? count(row.get(columns.france), `${at} rank ${i + 1}`) : null,
        amount: amount(row.get(columns.amount), `${at} rank ${i + 1}`, quirks),
      })),
    };
  });
  for (const fix of fixes)
    if (!usedFixes.has(fix)) fail(`${ref}: date fix for ${fix.raw} (${fix.drawId}) matched no row`);
  return { draws, encoding, rankCount: ranks.length };
}

/**
 * A EuroMillions row whose `_en_europe` counts are all 0 while France has winners: FDJ had not filled in the
 * European totals when the file was frozen (its newest row), so the totals are unknown, not 0.
 */
function europeUnpublished(draw) {
  return (
    draw.ranks.every((rank) => rank.france !== null && rank.total === '0') &&
    draw.ranks.some((rank) => rank.france !== '0')
  );
}

/** The facts of a draw as they should compare between two copies of a file. */
function comparable(draw, game) {
  const unpublished = game === 'euromillions' && europeUnpublished(draw);
  return {
    main: draw.main,
    special: draw.special,
    ranks: draw.ranks.map((rank) => ({
      total: unpublished ? null : rank.total,
      france: rank.france,
      amount: canonical(rank.amount),
    })),
  };
}

function differences(a, b, game) {
  const left = comparable(a, game);
  const right = comparable(b, game);
  const out = [];
  if (left.main !== right.main || left.special !== right.special)
    out.push(`numbers ${left.main} + ${left.special} vs ${right.main} + ${right.special}`);
  if (left.ranks.length !== right.ranks.length)
    out.push(`${left.ranks.length} ranks vs ${right.ranks.length}`);
  left.ranks.forEach((rank, i) => {
    const other = right.ranks[i];
    if (!other) return;
    for (const key of ['total', 'france', 'amount']) {
      if (rank[key] === null || other[key] === null) continue;
      if (rank[key] !== other[key]) out.push(`rank ${i + 1} ${key} ${rank[key]} vs ${other[key]}`);
    }
  });
  return out;
}

/** The output row (column values in header order, before quoting) of one draw. */
function prizeRow(draw, game, maxRanks, quirks) {
  const unpublished = game === 'euromillions' && europeUnpublished(draw);
  if (unpublished) quirks.europeUnpublished.push(`${draw.date} (${draw.ref}#${draw.rowNumber})`);
  const cells = [];
  draw.ranks.forEach((rank, i) => {
    const winners = unpublished ? '' : rank.total;
    let paid = rank.amount;
    if (winners === '0' && !isZero(paid)) {
      const key = `${game} rank ${i + 1}`;
      quirks.zeroWinnersWithAmount.set(key, (quirks.zeroWinnersWithAmount.get(key) ?? 0) + 1);
    }
    if (winners !== '' && winners !== '0' && isZero(paid))
      quirks.winnersWithoutAmount.push(`${draw.date} rank ${i + 1}`);
    if (winners === '0' || isZero(paid)) paid = '';
    const regions = rank.france === null ? '' : `FR:${rank.france}`;
    cells.push(winners, paid, regions);
  });
  for (let i = draw.ranks.length; i < maxRanks; i++) cells.push('', '', '');
  const first = draw.ranks[0];
  // The rank-1 rapport is the whole jackpot when one line won it, and, in the Loto files from 2017-03-06, the
  // jackpot on offer when nobody won it (FDJ writes it there instead of 0).
  let jackpot = '';
  if (!unpublished && first.total === '1' && !isZero(first.amount)) jackpot = first.amount;
  if (!unpublished && first.total === '0' && !isZero(first.amount) && game === 'loto') jackpot = first.amount;
  const won = unpublished ? '' : first.total === '0' ? 'false' : 'true';
  const source = `${draw.source.repo}@${draw.source.commit.slice(0, 8)}:${draw.source.path}#${draw.rowNumber}`;
  return [draw.date, '1', 'EUR', jackpot, won, '', '', '', ...cells, source];
}

function csvField(value) {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function readBundle(tag) {
  const lines = readFileSync(join(drawsDir, `${tag}.csv`), 'utf8')
    .split('\n')
    .filter(Boolean);
  if (lines[0] !== 'date,main,special') fail(`${tag}.csv: unexpected header ${lines[0]}`);
  const draws = new Map();
  for (const line of lines.slice(1)) {
    const [date, main, special] = line.split(',');
    if (draws.has(date)) fail(`${tag}.csv: ${date} appears twice`);
    draws.set(date, { main, special });
  }
  return draws;
}

function inGap(gaps, date) {
  return gaps.find((gap) => gap.from <= date && date <= gap.to);
}

/** Builds one lottery's prize file; returns its text and a report, or throws with every problem found. */
function build(dir, lottery) {
  const { tag, game } = lottery;
  const quirks = newQuirks();
  const problems = [];
  const notes = [];
  const bundle = readBundle(tag);
  const byDate = new Map();
  let maxRanks = 0;
  const files = [];
  for (const source of lottery.primary) {
    const read = readSource(dir, source, game, lottery.dateFixes, quirks);
    if (!read) {
      problems.push(`missing primary file ${localPath(dir, source)} (${shortRef(source)})`);
      continue;
    }
    maxRanks = Math.max(maxRanks, read.rankCount);
    files.push(`${shortRef(source)}: ${read.draws.length} draws, ${read.rankCount} ranks, ${read.encoding}`);
    for (const draw of read.draws) {
      const seen = byDate.get(draw.date);
      if (seen) {
        const diff = differences(seen, draw, game);
        if (diff.length)
          problems.push(`${draw.date}: ${seen.ref} and ${draw.ref} disagree: ${diff.join('; ')}`);
        continue;
      }
      byDate.set(draw.date, draw);
    }
  }
  for (const source of lottery.copies) {
    const read = readSource(dir, source, game, lottery.dateFixes, quirks);
    if (!read) {
      notes.push(`copy not found, not cross-checked: ${shortRef(source)}`);
      continue;
    }
    let same = 0;
    for (const draw of read.draws) {
      const primary = byDate.get(draw.date);
      if (!primary) {
        notes.push(
          `${draw.date} is only in the copy ${draw.ref}#${draw.rowNumber} (${bundle.has(draw.date) ? 'bundled' : 'not in the bundle'}); not used`,
        );
        continue;
      }
      const diff = differences(primary, draw, game);
      if (diff.length)
        problems.push(`${draw.date}: copy ${draw.ref} disagrees with ${primary.ref}: ${diff.join('; ')}`);
      else same++;
    }
    files.push(`copy ${shortRef(source)}: ${read.draws.length} draws, ${same} agree with the primaries`);
  }
  for (const draw of byDate.values()) {
    const bundled = bundle.get(draw.date);
    if (!bundled) {
      problems.push(`${draw.date} (${draw.ref}#${draw.rowNumber}) is not a bundled draw`);
      continue;
    }
    if (bundled.main !== draw.main || bundled.special !== draw.special)
      problems.push(
        `${draw.date}: bundle ${bundled.main} + ${bundled.special}, ${draw.ref}#${draw.rowNumber} ${draw.main} + ${draw.special}`,
      );
  }
  const missing = [...bundle.keys()].filter((date) => !byDate.has(date));
  const unexplained = missing.filter((date) => !inGap(lottery.knownGaps, date));
  if (unexplained.length)
    problems.push(`${unexplained.length} bundled draws have no prize row: ${unexplained.join(' ')}`);
  for (const date of byDate.keys())
    if (inGap(lottery.knownGaps, date)) problems.push(`${date} has a prize row but lies in a documented gap`);
  if (problems.length) fail(`${tag}:\n  ${problems.join('\n  ')}`);

  const draws = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const lines = [prizeHeader(maxRanks)];
  for (const draw of draws) lines.push(prizeRow(draw, game, maxRanks, quirks).map(csvField).join(','));
  return {
    text: `${lines.join('\n')}\n`,
    report: {
      tag,
      rows: draws.length,
      first: draws[0]?.date,
      last: draws.at(-1)?.date,
      files,
      missing,
      gaps: lottery.knownGaps,
      dateFixes: lottery.dateFixes,
      notes,
      quirks,
    },
  };
}

function printReport(report) {
  const out = (line) => process.stdout.write(`${line}\n`);
  out(`${report.tag}: ${report.rows} prize rows, ${report.first}..${report.last}`);
  for (const file of report.files) out(`  ${file}`);
  if (report.missing.length) {
    out(
      `  ${report.missing.length} bundled draws without prizes (${report.missing[0]}..${report.missing.at(-1)}):`,
    );
    for (const gap of report.gaps) out(`    ${gap.from}..${gap.to}: ${gap.reason}`);
  }
  const q = report.quirks;
  for (const ref of q.noCurrencyColumn) out(`  quirk: ${ref} has no devise column (EUR assumed)`);
  for (const at of q.dotDecimals) out(`  quirk: ${at} writes decimals with '.' instead of ','`);
  for (const at of q.weekdayMismatches) out(`  quirk: weekday does not match the date: ${at}`);
  for (const at of q.europeUnpublished) out(`  quirk: European winner counts not published (all 0): ${at}`);
  for (const [key, n] of q.zeroWinnersWithAmount)
    out(
      `  quirk: ${n} draws with 0 winners but a non-zero rapport at ${key} (amount left empty${key === 'loto rank 1' ? '; it is the jackpot on offer, written to jackpot' : ''})`,
    );
  for (const fix of report.dateFixes)
    out(`  quirk: date corrected to ${fix.date} at ${fix.path} ${fix.raw}: ${fix.reason}`);
  for (const at of q.winnersWithoutAmount) out(`  quirk: winners but rapport 0: ${at}`);
  for (const note of report.notes) out(`  note: ${note}`);
}

function fetchScript() {
  const lines = [
    '# Fills $DIR with the FDJ files fdj-prizes.mjs reads; clones into $CLONES (set both first).',
    'set -eu',
  ];
  const repos = new Set();
  for (const lottery of SOURCES)
    for (const source of [...lottery.primary, ...lottery.copies]) {
      if (!repos.has(source.repo)) {
        repos.add(source.repo);
        const clone = `"$CLONES/${source.repo}"`;
        lines.push(
          `[ -d ${clone} ] || git clone --quiet --no-checkout https://github.com/${source.repo}.git ${clone}`,
        );
      }
      const target = `"$DIR/${source.repo}/${source.commit}/${source.path}"`;
      lines.push(`mkdir -p "$(dirname ${target})"`);
      lines.push(`git -C "$CLONES/${source.repo}" show ${source.commit}:${source.path} > ${target}`);
    }
  return `${lines.join('\n')}\n`;
}

function main(argv) {
  if (argv.includes('--fetch-script')) {
    process.stdout.write(fetchScript());
    return 0;
  }
  const check = argv.includes('--check');
  const drawsAt = argv.indexOf('--draws');
  if (drawsAt >= 0) drawsDir = resolve(argv.splice(drawsAt, 2)[1] ?? '');
  const dirs = argv.filter((arg) => !arg.startsWith('--'));
  if (dirs.length !== 1) {
    process.stderr.write('usage: node tools/data/fdj-prizes.mjs <sources-dir> [--check] | --fetch-script\n');
    return 2;
  }
  const dir = resolve(dirs[0]);
  const results = [];
  const errors = [];
  for (const lottery of SOURCES) {
    try {
      results.push(build(dir, lottery));
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      errors.push(error.message);
    }
  }
  for (const { report } of results) printReport(report);
  if (errors.length) {
    process.stderr.write(`fdj-prizes: FAILED\n${errors.join('\n')}\n`);
    return 1;
  }
  let stale = 0;
  for (const { text, report } of results) {
    const target = join(PRIZES_DIR, `${report.tag}.csv`);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (check) {
      if (current !== text) {
        stale++;
        process.stderr.write(`fdj-prizes: ${target} is not what the sources give\n`);
      }
    } else if (current !== text) {
      mkdirSync(PRIZES_DIR, { recursive: true });
      writeFileSync(target, text);
      process.stdout.write(`wrote ${target}\n`);
    } else process.stdout.write(`${target} is up to date\n`);
  }
  return stale ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
