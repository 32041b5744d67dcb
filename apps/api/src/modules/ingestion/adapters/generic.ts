import { isValidIsoDate } from '../../../common/dates/iso-date';
import type { RejectedRow } from '../sync-result';
import { csvRows } from './csv-rows';
import { dateReader } from '../domain/date-readers';
import { ONE_ROW, type SourceMapping } from '../domain/generic-mapping';
import { prizesAt } from './generic-prizes';
import { requestParts } from '../domain/request-options';
import { readRound } from './round-values';
import { valueAt } from './row-values';
import {
  assertSomeUsable,
  describeValue,
  type FetchedDraw,
  type FetchRequest,
  MAX_ANSWER_BYTES,
  parseJsonBody,
  parseNumbers,
  type SourceAdapter,
  SourceFormatError,
  type SourceRequest,
} from './source-adapter';
import { decodeText } from '../domain/text-encoding';
import { expandUrl } from '../domain/url-placeholders';
import { parseXmlPath, type XmlPath, xmlValue } from '../domain/xml-paths';
import { xmlRows } from './xml-rows';
import { readZipMember } from './zip-archive';

const DEFAULT_SEPARATOR = /[\s,;|-]+/;

/** How a row's field is read: a JSON dot path or a CSV column (valueAt), or an XML element path. */
export type FieldReader = (row: unknown, field: string) => unknown;

/**
 * What the generic adapter knows of its lottery: the zone of its dates (for dates as epoch milliseconds, and the
 * URL's placeholders).
 */
export interface GenericContext {
  /** The lottery's IANA time zone; UTC when absent. */
  timeZone?: string;
  /**
   * How many draws the lottery's rules have on a date (1 outside any era): a row holding several draws (`draws`)
   * whose date has one draw gives it round 1. Unknown: the draws keep their places' rounds.
   */
  roundsOn?: (date: string) => number;
}

/** How one draw's numbers are read from a row: the mapping's own fields, or one of its `draws`. */
interface DrawFields {
  main: string | string[];
  special?: string | string[];
  specialFromMain?: number;
}

/** Any CSV, JSON or XML publication over HTTP (in a ZIP, in any text encoding), read through its mapping. */
export function genericAdapter(mapping: SourceMapping, context: GenericContext = {}): SourceAdapter {
  const fieldOf: FieldReader = mapping.format === 'xml' ? xmlReader() : valueAt;
  const readDate = dateReader(mapping.dateFormat, context.timeZone);
  const separator =
    mapping.separator === undefined ? DEFAULT_SEPARATOR : new RegExp(escape(mapping.separator) + '+');
  const filter = Object.entries(mapping.filter ?? {});
  const buildUrl = ({ url, since, now, period, contest }: FetchRequest): string => {
    const target = new URL(
      expandUrl(url, { since, now: now ?? new Date(), period, contest, timeZone: context.timeZone }),
    );
    for (const [name, value] of Object.entries(mapping.query ?? {})) {
      // Without a date to start from (no draw stored yet), a parameter that needs one is left out.
      if (value.includes('{since}') && since === null) continue;
      target.searchParams.set(name, value.replaceAll('{since}', since ?? ''));
    }
    return target.toString();
  };
  const rowDraws = mapping.draws;
  /** A draw's main and special numbers, or why the row does not hold them. */
  const numbersOf = (row: unknown, fields: DrawFields): { main: number[]; special: number[] } | string => {
    const main = numbersAt(row, fields.main, separator, fieldOf);
    if (main === null) return `${describe(fields.main)} holds no numbers`;
    if (fields.specialFromMain !== undefined) {
      if (main.length <= fields.specialFromMain) return `${describe(fields.main)} lacks its special numbers`;
      return { main, special: main.splice(main.length - fields.specialFromMain) };
    }
    // A blank special field is a draw without special numbers (German Lotto before its Superzahl, 1991): the
    // rules of the draw's era decide whether that is allowed.
    if (fields.special === undefined || blankAt(row, fields.special, fieldOf)) return { main, special: [] };
    const special = numbersAt(row, fields.special, separator, fieldOf);
    if (special === null) return `${describe(fields.special)} holds no numbers`;
    return { main, special };
  };
  const parse = (body: string): { draws: FetchedDraw[]; rejected: RejectedRow[] } => {
    const rows =
      mapping.format === 'csv'
        ? csvRows(body, mapping)
        : mapping.format === 'xml'
          ? xmlRows(body, mapping.rows ?? '')
          : jsonRows(body, mapping);
    const draws: FetchedDraw[] = [];
    const rejected: RejectedRow[] = [];
    let read = 0;
    let ignored = 0;
    rows.forEach((row, index) => {
      if (!filter.every(([field, text]) => textAt(fieldOf(row, field)) === text)) return;
      read++;
      const position = index + 1;
      if (mapping.undated === 'ignore' && blankAt(row, mapping.date, fieldOf)) {
        ignored++;
        return;
      }
      const rawDate = dateValue(row, mapping.date, fieldOf);
      const date = typeof rawDate === 'string' || typeof rawDate === 'number' ? readDate(rawDate) : null;
      if (date === null || !isValidIsoDate(date)) {
        const shown = describeValue(rawDate);
        rejected.push({
          row: position,
          date: null,
          message: `${describe(mapping.date)} ${shown} is not a date`,
        });
        return;
      }
      if (mapping.from !== undefined && date < mapping.from) {
        ignored++;
        return;
      }
      let contest: number | undefined;
      if (mapping.contest !== undefined) {
        const rawContest = fieldOf(row, mapping.contest);
        const value = typeof rawContest === 'string' ? Number(rawContest.trim() || NaN) : rawContest;
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
          const message = `${mapping.contest} ${describeValue(rawContest)} is not a draw number`;
          rejected.push({ row: position, date, message });
          return;
        }
        contest = value;
      }
      const numbered = contest === undefined ? {} : { contest };
      if (rowDraws !== undefined) {
        // Several draws in one row: each present draw is its place's round (round 1 where the date has one draw).
        const present = rowDraws
          .map((fields, i) => ({ fields, round: i + 1 }))
          .filter(({ fields }) => !blankAt(row, fields.main, fieldOf));
        if (present.length === 0) {
          const fields = rowDraws.map((d) => describe(d.main)).join('; ');
          rejected.push({ row: position, date, message: `${fields}: no draw's numbers in the row` });
          return;
        }
        const single = present.length === 1 && context.roundsOn?.(date) === 1;
        for (const { fields, round } of present) {
          const numbers = numbersOf(row, fields);
          if (typeof numbers === 'string') rejected.push({ row: position, date, message: numbers });
          else draws.push({ row: position, date, round: single ? 1 : round, ...numbered, ...numbers });
        }
        return;
      }
      let round: number | undefined;
      if (mapping.round !== undefined) {
        const rawRound = fieldOf(row, mapping.round);
        const value = readRound(rawRound);
        if (value === null) {
          const message = `${mapping.round} ${describeValue(rawRound)} is not a round (1, 2, … or ONE, TWO, …)`;
          rejected.push({ row: position, date, message });
          return;
        }
        round = value;
      }
      const numbers = numbersOf(row, mapping as DrawFields);
      if (typeof numbers === 'string') {
        rejected.push({ row: position, date, message: numbers });
        return;
      }
      const prizes = mapping.prizes ? prizesAt(row, mapping.prizes, fieldOf) : undefined;
      if (typeof prizes === 'string') {
        rejected.push({ row: position, date, message: prizes });
        return;
      }
      draws.push({
        row: position,
        date,
        ...(round !== undefined ? { round } : {}),
        ...numbered,
        ...numbers,
        ...(prizes ? { prizes } : {}),
      });
    });
    if (read === 0 && rows.length > 0 && filter.length > 0)
      throw new SourceFormatError(
        `no row of ${rows.length} holds what the filter asks for (the format may have changed)`,
      );
    if (read > 0 && ignored === read)
      throw new SourceFormatError(
        `every row of ${read} is undated or dated before ${mapping.from ?? 'its history'}: none to read (the format may have changed)`,
      );
    return { ...assertSomeUsable({ draws, rejected }, read - ignored), ...(ignored > 0 ? { ignored } : {}) };
  };
  return {
    buildUrl,
    buildRequest(request: FetchRequest): SourceRequest {
      return { url: buildUrl(request), ...requestParts(mapping, request.since) };
    },
    parse,
    parseBody(body: Buffer) {
      const bytes = mapping.archive
        ? readZipMember(body, {
            pattern: mapping.archive.member === undefined ? undefined : new RegExp(mapping.archive.member),
            extension: `.${mapping.format}`,
            maxBytes: MAX_ANSWER_BYTES,
          })
        : body;
      return parse(decodeText(bytes, mapping.encoding));
    },
  };
}

/** Reads XML element paths, each parsed once (the mapping's were checked when it was saved). */
function xmlReader(): FieldReader {
  const paths = new Map<string, XmlPath>();
  return (row, field) => {
    let path = paths.get(field);
    if (path === undefined) {
      path = parseXmlPath(field) ?? [];
      paths.set(field, path);
    }
    return path.length === 0 ? undefined : xmlValue(row, path);
  };
}

function jsonRows(body: string, mapping: SourceMapping): unknown[] {
  const json = parseJsonBody(body);
  if (mapping.rows === ONE_ROW) {
    // One draw per answer (CAIXA's latest contest): a list here means the publication changed.
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new SourceFormatError(`expected one JSON object at '${ONE_ROW}' (the format may have changed)`);
    return [json];
  }
  const rows = mapping.rows ? valueAt(json, mapping.rows) : json;
  if (!Array.isArray(rows))
    throw new SourceFormatError(
      `expected a JSON array at '${mapping.rows ?? ''}' (the format may have changed)`,
    );
  return rows;
}

/** The date's value: one field's, or its parts' (day, month, year in columns) joined with '-'. */
function dateValue(row: unknown, fields: string | string[], fieldOf: FieldReader): unknown {
  if (typeof fields === 'string') return fieldOf(row, fields);
  const parts = fields.map((field) => fieldOf(row, field));
  return parts.every((part) => typeof part === 'string' || typeof part === 'number')
    ? parts.map((part) => String(part).trim()).join('-')
    : null;
}

/** A field's text as a filter compares it (a number as its digits); null when absent or not a scalar. */
function textAt(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
}

/** The numbers of one group: a field holding them all (text, a number or a list), or one field per number. */
function numbersAt(
  row: unknown,
  fields: string | string[],
  separator: RegExp,
  fieldOf: FieldReader,
): number[] | null {
  const values = typeof fields === 'string' ? [fieldOf(row, fields)] : fields.map((f) => fieldOf(row, f));
  const numbers: number[] = [];
  for (const value of values.flat()) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) numbers.push(value);
    else if (typeof value === 'string') {
      const parsed = parseNumbers(value, separator);
      if (parsed === null) return null;
      numbers.push(...parsed);
    } else return null;
  }
  return numbers.length > 0 ? numbers : null;
}

/** Every field absent, null or empty text. */
function blankAt(row: unknown, fields: string | string[], fieldOf: FieldReader): boolean {
  const values = typeof fields === 'string' ? [fieldOf(row, fields)] : fields.map((f) => fieldOf(row, f));
  return values.every((value) => value === undefined || value === null || String(value).trim() === '');
}

function describe(fields: string | string[]): string {
  return typeof fields === 'string' ? fields : fields.join(', ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
