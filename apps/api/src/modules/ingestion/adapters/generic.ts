import { isValidIsoDate } from '../../../common/dates/iso-date';
import type { RejectedRow } from '../sync-result';
import { csvRows } from './csv-rows';
import { dateReader } from './date-readers';
import type { SourceMapping } from './generic-mapping';
import { prizesAt } from './generic-prizes';
import { requestParts } from './request-options';
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
import { decodeText } from './text-encoding';
import { readZipMember } from './zip-archive';

const DEFAULT_SEPARATOR = /[\s,;|-]+/;

/** What the generic adapter knows of its lottery: the zone of its dates (for dates as epoch milliseconds). */
export interface GenericContext {
  /** The lottery's IANA time zone; UTC when absent. */
  timeZone?: string;
}

/** Any CSV or JSON publication over HTTP (in a ZIP, in any of the text encodings), read through its mapping. */
export function genericAdapter(mapping: SourceMapping, context: GenericContext = {}): SourceAdapter {
  const readDate = dateReader(mapping.dateFormat, context.timeZone);
  const separator =
    mapping.separator === undefined ? DEFAULT_SEPARATOR : new RegExp(escape(mapping.separator) + '+');
  const filter = Object.entries(mapping.filter ?? {});
  const buildUrl = ({ url, since }: FetchRequest): string => {
    const target = new URL(url);
    for (const [name, value] of Object.entries(mapping.query ?? {})) {
      // Without a date to start from (no draw stored yet), a parameter that needs one is left out.
      if (value.includes('{since}') && since === null) continue;
      target.searchParams.set(name, value.replaceAll('{since}', since ?? ''));
    }
    return target.toString();
  };
  const parse = (body: string): { draws: FetchedDraw[]; rejected: RejectedRow[] } => {
    const rows = mapping.format === 'csv' ? csvRows(body, mapping) : jsonRows(body, mapping);
    const draws: FetchedDraw[] = [];
    const rejected: RejectedRow[] = [];
    let read = 0;
    rows.forEach((row, index) => {
      if (!filter.every(([field, text]) => textAt(row, field) === text)) return;
      read++;
      const position = index + 1;
      const rawDate = dateValue(row, mapping.date);
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
      let round: number | undefined;
      if (mapping.round !== undefined) {
        const rawRound = valueAt(row, mapping.round);
        const value = readRound(rawRound);
        if (value === null) {
          const message = `${mapping.round} ${describeValue(rawRound)} is not a round (1, 2, … or ONE, TWO, …)`;
          rejected.push({ row: position, date, message });
          return;
        }
        round = value;
      }
      const main = numbersAt(row, mapping.main, separator);
      if (main === null) {
        rejected.push({ row: position, date, message: `${describe(mapping.main)} holds no numbers` });
        return;
      }
      let special: number[] = [];
      if (mapping.specialFromMain !== undefined) {
        if (main.length <= mapping.specialFromMain) {
          rejected.push({
            row: position,
            date,
            message: `${describe(mapping.main)} lacks its special numbers`,
          });
          return;
        }
        special = main.splice(main.length - mapping.specialFromMain);
      } else if (mapping.special !== undefined) {
        const numbers = numbersAt(row, mapping.special, separator);
        if (numbers === null) {
          rejected.push({ row: position, date, message: `${describe(mapping.special)} holds no numbers` });
          return;
        }
        special = numbers;
      }
      const prizes = mapping.prizes ? prizesAt(row, mapping.prizes) : undefined;
      if (typeof prizes === 'string') {
        rejected.push({ row: position, date, message: prizes });
        return;
      }
      draws.push({
        row: position,
        date,
        ...(round !== undefined ? { round } : {}),
        main,
        special,
        ...(prizes ? { prizes } : {}),
      });
    });
    if (read === 0 && rows.length > 0 && filter.length > 0)
      throw new SourceFormatError(
        `no row of ${rows.length} holds what the filter asks for (the format may have changed)`,
      );
    return assertSomeUsable({ draws, rejected }, read);
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

function jsonRows(body: string, mapping: SourceMapping): unknown[] {
  const json = parseJsonBody(body);
  const rows = mapping.rows ? valueAt(json, mapping.rows) : json;
  if (!Array.isArray(rows))
    throw new SourceFormatError(
      `expected a JSON array at '${mapping.rows ?? ''}' (the format may have changed)`,
    );
  return rows;
}

/** The date's value: one field's, or its parts' (day, month, year in columns) joined with '-'. */
function dateValue(row: unknown, fields: string | string[]): unknown {
  if (typeof fields === 'string') return valueAt(row, fields);
  const parts = fields.map((field) => valueAt(row, field));
  return parts.every((part) => typeof part === 'string' || typeof part === 'number')
    ? parts.map((part) => String(part).trim()).join('-')
    : null;
}

/** A field's text as a filter compares it (a number as its digits); null when absent or not a scalar. */
function textAt(row: unknown, field: string): string | null {
  const value = valueAt(row, field);
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
}

/** The numbers of one group: a field holding them all (text, a number or a list), or one field per number. */
function numbersAt(row: unknown, fields: string | string[], separator: RegExp): number[] | null {
  const values = typeof fields === 'string' ? [valueAt(row, fields)] : fields.map((f) => valueAt(row, f));
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

function describe(fields: string | string[]): string {
  return typeof fields === 'string' ? fields : fields.join(', ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
