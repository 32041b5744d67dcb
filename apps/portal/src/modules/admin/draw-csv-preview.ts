/**
 * The rows of a draw CSV as the import preview shows them. The API's dry run answers only counts (new, changed,
 * unchanged, refused lines), so the portal reads the first rows itself to show which draws they are; the API
 * stays the judge of what is valid (its refused lines are marked by their line number).
 */

/** One data row, as written in the file; `line` is the 1-based line it starts on (the API's line numbers). */
export interface CsvDrawRow {
  line: number;
  date: string;
  /** From the optional `round` column; 1 without it. */
  round: number;
  main: string[];
  special: string[];
}

export interface CsvPreview {
  /** The first rows, in file order. */
  rows: CsvDrawRow[];
  /** How many data rows the file has (lines after the header that are not blank). */
  total: number;
  /** Why no row could be read (a header other than date,main,special…); empty when the header is right. */
  problem: string;
}

/** A draw as stored, its groups in draw order. */
export interface StoredNumbers {
  main: number[];
  special: number[];
}

export type RowOutcome =
  | { kind: 'new' }
  | { kind: 'unchanged' }
  | { kind: 'replaces'; stored: StoredNumbers }
  | { kind: 'refused'; reason: string };

/** Rows shown in the preview: enough to recognise the file, short enough for a phone. */
export const PREVIEW_ROWS = 10;

const HEADER_PROBLEM =
  'The first line must be the header date,main,special (round and prize columns may follow).';

interface CsvRecord {
  line: number;
  fields: string[];
}

/** Splits CSV text into records: commas between fields, double quotes around a field that holds one or a line break. */
function records(text: string): CsvRecord[] {
  const found: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) found.push({ line: start, fields: fields.map((f) => f.trim()) });
    fields = [];
    field = '';
  };
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n') {
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  endRecord();
  return found;
}

const numbersOf = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);

/** The file's first `limit` rows, and how many it has. */
export function previewCsv(text: string, limit = PREVIEW_ROWS): CsvPreview {
  const [header, ...data] = records(text);
  const columns = header?.fields.map((f) => f.toLowerCase()) ?? [];
  if (columns[0] !== 'date' || columns[1] !== 'main' || columns[2] !== 'special')
    return { rows: [], total: 0, problem: HEADER_PROBLEM };
  const roundAt = columns.indexOf('round');
  const rows = data.slice(0, limit).map(({ line, fields }) => {
    const round = roundAt < 0 ? '' : (fields[roundAt] ?? '');
    return {
      line,
      date: fields[0] ?? '',
      round: /^\d+$/.test(round) ? Number(round) : 1,
      main: numbersOf(fields[1]),
      special: numbersOf(fields[2]),
    };
  });
  return { rows, total: data.length, problem: '' };
}

const same = (written: string[], stored: number[]) =>
  written.length === stored.length && written.every((value, i) => Number(value) === stored[i]);

/**
 * What importing the row would do: refused (the API's dry run named its line), new (nothing stored on that date
 * and round), unchanged (the same numbers in the same order, as the API compares them) or a replacement.
 */
export function rowOutcome(row: CsvDrawRow, stored: StoredNumbers | undefined, refusal?: string): RowOutcome {
  if (refusal !== undefined) return { kind: 'refused', reason: refusal };
  if (!stored) return { kind: 'new' };
  if (same(row.main, stored.main) && same(row.special, stored.special)) return { kind: 'unchanged' };
  return { kind: 'replaces', stored };
}

/** "4 5 6 + 7": a draw's numbers as the preview writes them. */
export function numbersText(main: (string | number)[], special: (string | number)[]): string {
  return special.length ? `${main.join(' ')} + ${special.join(' ')}` : main.join(' ');
}

/** The distinct dates of the rows, for reading the draws already stored on them. */
export function datesOf(rows: CsvDrawRow[]): string[] {
  return [...new Set(rows.map((row) => row.date).filter(isCalendarDate))];
}

/** `YYYY-MM-DD` naming a day of the calendar: 2026-02-30 is not one (the dry run refuses its line). */
function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}
