import { CsvError as StreamCsvError, parse as parseInStream, type Options } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EARLIEST_DRAW_DATE, invalidIsoDateMessage, isValidIsoDate } from '../../../common/dates/iso-date';
import { MAX_ROUNDS } from '../../lotteries/domain/lottery-rules';
import { isPrizeColumn, type PrizesInput, readPrizeColumns } from '../../prizes/domain/prize-input';

/** One data row; `line` is the 1-based physical line it starts on, so errors can point back to the file. */
export interface ParsedDrawRow {
  line: number;
  date: string;
  /** From the optional `round` column; absent means 1. */
  round?: number;
  main: number[];
  special: number[];
  /** From the optional prize columns, where the row fills them. */
  prizes?: PrizesInput;
}

export interface DrawCsvError {
  line: number;
  message: string;
}

export interface DrawCsvResult {
  rows: ParsedDrawRow[];
  errors: DrawCsvError[];
  /** Whether the header has prize columns (the import then says how many draws' prizes it wrote). */
  prizeColumns: boolean;
}

const HEADER = ['date', 'main', 'special'] as const;
const HEADER_MESSAGE =
  `Expected the header '${HEADER.join(',')}'. Optional columns may follow it, each once: round, and the prize ` +
  'columns currency, jackpot, jackpot_won, rollovers, next_date, next_jackpot, rankN_winners, rankN_amount, ' +
  'rankN_regions, prizes_source.';
/** Provenance stored with prizes that an import brings without a `prizes_source` column. */
const IMPORT_SOURCE = 'import';
const DIGITS = /^\d+$/;
const LINE_BREAK = /\r\n|\r|\n/;

interface RawRecord {
  line: number;
  fields: string[];
}

/**
 * Parses the draw-history CSV format (see apps/api/data/draws/README.md). Only the format is checked
 * here; whether the numbers fit the lottery's rules is validateDrawNumbers' job, because that needs
 * the lottery and its eras. Every bad line is reported so a user can fix a file in one pass.
 *
 * In one go: for the bundled files at start-up. An import that arrives over HTTP uses parseDrawCsvInSlices.
 */
export function parseDrawCsv(text: string): DrawCsvResult {
  const records: RawRecord[] = [];
  let fatal: DrawCsvError | undefined;
  try {
    parse(text, csvOptions(records));
  } catch (error) {
    fatal = fatalError(error, text, records);
  }
  const check = startCheck(records);
  if (check.rows) for (let i = 1; i < records.length; i++) checkRecord(check, records[i]);
  return finishCheck(check, fatal);
}

/** Text per slice (cut at a line break) and records checked per slice: each slice takes a few milliseconds. */
const SLICE_CHARS = 16 * 1024;
const SLICE_RECORDS = 1000;

/**
 * The same parse and checks as parseDrawCsv, in slices that give the event loop back between them (csv-parse's
 * stream API, written to one slice at a time): a megabyte of CSV takes about a second to parse, which the service's
 * other requests must not wait for.
 */
export async function parseDrawCsvInSlices(text: string): Promise<DrawCsvResult> {
  const records: RawRecord[] = [];
  let failure: unknown;
  const parser = parseInStream(csvOptions(records));
  parser.on('error', (error) => (failure ??= error));
  // Nothing comes out (csvOptions keeps the records), but the stream must flow to end.
  parser.resume();
  for (let at = 0; at < text.length && failure === undefined;) {
    const end = sliceEnd(text, at);
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === undefined) {
    parser.end();
    await finished(parser).catch((error: unknown) => (failure ??= error));
  }
  const fatal = failure === undefined ? undefined : fatalError(failure, text, records);
  const check = startCheck(records);
  if (check.rows) {
    for (let i = 1; i < records.length; i++) {
      checkRecord(check, records[i]);
      if (i % SLICE_RECORDS === 0) await nextTurn();
    }
  }
  return finishCheck(check, fatal);
}

/** Where the slice starting at `at` ends: after the first line break past SLICE_CHARS (never inside a character). */
function sliceEnd(text: string, at: number): number {
  const lineBreak = text.indexOf('\n', at + SLICE_CHARS);
  return lineBreak < 0 ? text.length : lineBreak + 1;
}

/** csv-parse's options, keeping each record's fields and start line in `records` (nothing else is kept). */
function csvOptions(records: RawRecord[]): Options {
  return {
    bom: true,
    trim: true,
    skip_empty_lines: true,
    // Column counts and stray quotes are reported per line below instead of aborting the whole file.
    relax_column_count: true,
    relax_quotes: true,
    on_record: (fields: string[], context) => {
      // context.lines is where the record ends; a quoted value may span lines, so step back to its start.
      const innerBreaks = fields.reduce((sum, field) => sum + (field.split(LINE_BREAK).length - 1), 0);
      records.push({ line: context.lines - innerBreaks, fields });
      return null;
    },
  };
}

/** csv-parse cannot resume after a syntax error: it becomes one line error, and the rest stays unchecked. */
function fatalError(error: unknown, text: string, records: RawRecord[]): DrawCsvError {
  // csv-parse's sync and stream entry points are separate bundles, each with its own CsvError class.
  if (!(error instanceof CsvError || error instanceof StreamCsvError)) throw error;
  const line = firstNonBlankLineAfter(text, records.at(-1)?.line ?? 0);
  const suffix = ' Lines after this one were not checked.';
  return { line, message: describeCsvError(error) + suffix };
}

/** The checks so far; `rows` is null when the header is wrong (then nothing else is checked). */
interface CsvCheck {
  rows: ParsedDrawRow[] | null;
  errors: DrawCsvError[];
  /** The header's column names, lower-case. */
  columns: string[];
  firstLineOfDraw: Map<string, number>;
}

function startCheck(records: RawRecord[]): CsvCheck {
  const header = records[0];
  const columns = header?.fields.map((field) => field.trim().toLowerCase()) ?? [];
  const valid = header !== undefined && isHeader(columns);
  return {
    rows: valid ? [] : null,
    errors: valid ? [] : [{ line: 1, message: HEADER_MESSAGE }],
    columns,
    firstLineOfDraw: new Map(),
  };
}

function checkRecord(check: CsvCheck, record: RawRecord): void {
  const result = parseRecord(record, check.columns, check.firstLineOfDraw);
  if (typeof result === 'string') check.errors.push({ line: record.line, message: result });
  else check.rows?.push(result);
}

function finishCheck(check: CsvCheck, fatal: DrawCsvError | undefined): DrawCsvResult {
  if (!check.rows) return { rows: [], errors: check.errors, prizeColumns: false };
  return {
    rows: check.rows,
    errors: fatal ? [...check.errors, fatal] : check.errors,
    prizeColumns: check.columns.some(isPrizeColumn),
  };
}

/** date,main,special first; then, in any order and each once, `round` and prize columns. */
function isHeader(columns: string[]): boolean {
  return (
    columns.length >= HEADER.length &&
    HEADER.every((name, i) => columns[i] === name) &&
    new Set(columns).size === columns.length &&
    columns.slice(HEADER.length).every((name) => name === 'round' || isPrizeColumn(name))
  );
}

function parseRecord(
  record: RawRecord,
  columns: string[],
  firstLineOfDraw: Map<string, number>,
): ParsedDrawRow | string {
  const { fields, line } = record;
  if (fields.length !== columns.length) return `Expected ${columns.length} columns, got ${fields.length}.`;
  const cells = fields.map((field) => field.trim());
  const cell = (name: string): string | undefined => {
    const at = columns.indexOf(name);
    return at < 0 ? undefined : cells[at];
  };
  const [date, mainText, specialText] = cells;

  if (!isValidIsoDate(date)) return invalidIsoDateMessage(date);
  if (date < EARLIEST_DRAW_DATE) return `The draw date cannot be before ${EARLIEST_DRAW_DATE}.`;
  const roundText = cell('round') ?? '';
  const round = roundText === '' ? 1 : Number(roundText);
  if (!DIGITS.test(roundText || '1') || round < 1 || round > MAX_ROUNDS)
    return `Invalid round '${roundText}': expected a whole number from 1 to ${MAX_ROUNDS}.`;
  const key = round === 1 ? date : `${date} round ${round}`;
  const firstLine = firstLineOfDraw.get(key);
  if (firstLine !== undefined)
    return round === 1
      ? `Duplicate date ${date} (first on line ${firstLine}).`
      : `Duplicate draw ${key} (first on line ${firstLine}).`;
  firstLineOfDraw.set(key, line);

  if (mainText === '') return 'The main numbers are missing.';
  const main = parseNumbers(mainText, 'main');
  if (typeof main === 'string') return main;
  const special = parseNumbers(specialText, 'special');
  if (typeof special === 'string') return special;
  const prizes = readPrizeColumns(cell, columns, date, round, IMPORT_SOURCE);
  if (prizes !== null && 'problem' in prizes) return prizes.problem;
  return {
    line,
    date,
    ...(round === 1 ? {} : { round }),
    main,
    special,
    ...(prizes ? { prizes: prizes.value } : {}),
  };
}

/** Space-separated non-negative integers; an empty cell is an empty list. */
function parseNumbers(text: string, column: 'main' | 'special'): number[] | string {
  if (text === '') return [];
  const numbers: number[] = [];
  for (const token of text.split(/\s+/)) {
    const value = Number(token);
    // The regex rejects forms Number() would accept ('1e3', '0x1F', '-1', '1.0').
    if (!DIGITS.test(token) || !Number.isSafeInteger(value)) return `Invalid number '${token}' in ${column}.`;
    numbers.push(value);
  }
  return numbers;
}

function describeCsvError(error: CsvError | StreamCsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted value starting on this line is never closed.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'Unexpected text after a closing quote.';
    default:
      return `Malformed CSV: ${error.message}.`;
  }
}

/** Blank lines are skipped by the parser, so the failing record starts at the next non-blank line. */
function firstNonBlankLineAfter(text: string, line: number): number {
  const lines = text.split(LINE_BREAK);
  for (let index = line; index < lines.length; index++) {
    if (lines[index].trim() !== '') return index + 1;
  }
  return line + 1;
}
