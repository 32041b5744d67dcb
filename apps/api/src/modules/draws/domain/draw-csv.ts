import { CsvError, parse } from 'csv-parse/sync';
import { EARLIEST_DRAW_DATE, invalidIsoDateMessage, isValidIsoDate } from '../../../common/dates/iso-date';

/** One data row; `line` is the 1-based physical line it starts on, so errors can point back to the file. */
export interface ParsedDrawRow {
  line: number;
  date: string;
  main: number[];
  special: number[];
}

export interface DrawCsvError {
  line: number;
  message: string;
}

export interface DrawCsvResult {
  rows: ParsedDrawRow[];
  errors: DrawCsvError[];
}

const HEADER = ['date', 'main', 'special'] as const;
const HEADER_MESSAGE = `Expected the header '${HEADER.join(',')}'.`;
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
 */
export function parseDrawCsv(text: string): DrawCsvResult {
  const { records, fatal } = readRecords(text);
  const [header, ...data] = records;
  if (header === undefined || !isHeader(header.fields)) {
    return { rows: [], errors: [{ line: 1, message: HEADER_MESSAGE }] };
  }

  const rows: ParsedDrawRow[] = [];
  const errors: DrawCsvError[] = [];
  const firstLineOfDate = new Map<string, number>();
  for (const record of data) {
    const result = parseRecord(record, firstLineOfDate);
    if (typeof result === 'string') errors.push({ line: record.line, message: result });
    else rows.push(result);
  }
  if (fatal !== undefined) errors.push(fatal);
  return { rows, errors };
}

/** Runs csv-parse, keeping each record's start line and turning a syntax error into a line error. */
function readRecords(text: string): { records: RawRecord[]; fatal?: DrawCsvError } {
  const records: RawRecord[] = [];
  try {
    parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      // Column counts and stray quotes are reported per line below instead of aborting the whole file.
      relax_column_count: true,
      relax_quotes: true,
      on_record: (fields, context) => {
        // context.lines is where the record ends; a quoted value may span lines, so step back to its start.
        const innerBreaks = fields.reduce((sum, field) => sum + (field.split(LINE_BREAK).length - 1), 0);
        records.push({ line: context.lines - innerBreaks, fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // csv-parse cannot resume after a syntax error, so the rest of the file stays unchecked.
    const line = firstNonBlankLineAfter(text, records.at(-1)?.line ?? 0);
    const suffix = ' Lines after this one were not checked.';
    return { records, fatal: { line, message: describeCsvError(error) + suffix } };
  }
  return { records };
}

function isHeader(fields: string[]): boolean {
  return (
    fields.length === HEADER.length && fields.every((field, i) => field.trim().toLowerCase() === HEADER[i])
  );
}

function parseRecord(record: RawRecord, firstLineOfDate: Map<string, number>): ParsedDrawRow | string {
  const { fields, line } = record;
  if (fields.length !== HEADER.length) return `Expected ${HEADER.length} columns, got ${fields.length}.`;
  const [date, mainText, specialText] = fields.map((field) => field.trim());

  if (!isValidIsoDate(date)) return invalidIsoDateMessage(date);
  if (date < EARLIEST_DRAW_DATE) return `The draw date cannot be before ${EARLIEST_DRAW_DATE}.`;
  const firstLine = firstLineOfDate.get(date);
  if (firstLine !== undefined) return `Duplicate date ${date} (first on line ${firstLine}).`;
  firstLineOfDate.set(date, line);

  if (mainText === '') return 'The main numbers are missing.';
  const main = parseNumbers(mainText, 'main');
  if (typeof main === 'string') return main;
  const special = parseNumbers(specialText, 'special');
  if (typeof special === 'string') return special;
  return { line, date, main, special };
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

function describeCsvError(error: CsvError): string {
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
