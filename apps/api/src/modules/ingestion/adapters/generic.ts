import { parse as parseCsv } from 'csv-parse/sync';
import { isValidIsoDate } from '../../../common/dates/iso-date';
import type { RejectedRow } from '../sync-result';
import { decimalToMinor } from '../../draws/domain/draw-prizes';
import { dateReader, type PrizeMapping, type SourceMapping } from './generic-mapping';
import {
  assertSomeUsable,
  describeValue,
  type FetchedDraw,
  type FetchedPrizes,
  type FetchRequest,
  parseJsonBody,
  parseNumbers,
  type SourceAdapter,
  SourceFormatError,
} from './source-adapter';

const DEFAULT_SEPARATOR = /[\s,;|-]+/;

/** Any CSV or JSON publication over HTTP, read through the source's stored field mapping. */
export function genericAdapter(mapping: SourceMapping): SourceAdapter {
  const readDate = dateReader(mapping.dateFormat);
  const separator =
    mapping.separator === undefined ? DEFAULT_SEPARATOR : new RegExp(escape(mapping.separator) + '+');
  return {
    buildUrl({ url, since }: FetchRequest): string {
      const target = new URL(url);
      for (const [name, value] of Object.entries(mapping.query ?? {})) {
        // Without a date to start from (no draw stored yet), a parameter that needs one is left out.
        if (value.includes('{since}') && since === null) continue;
        target.searchParams.set(name, value.replaceAll('{since}', since ?? ''));
      }
      return target.toString();
    },
    parse(body: string): { draws: FetchedDraw[]; rejected: RejectedRow[] } {
      const rows = mapping.format === 'csv' ? csvRows(body, mapping) : jsonRows(body, mapping);
      const draws: FetchedDraw[] = [];
      const rejected: RejectedRow[] = [];
      rows.forEach((row, index) => {
        const position = index + 1;
        const rawDate = valueAt(row, mapping.date);
        const date = typeof rawDate === 'string' ? readDate(rawDate) : null;
        if (date === null || !isValidIsoDate(date)) {
          const shown = describeValue(rawDate);
          rejected.push({ row: position, date: null, message: `${mapping.date} ${shown} is not a date` });
          return;
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
          const read = numbersAt(row, mapping.special, separator);
          if (read === null) {
            rejected.push({ row: position, date, message: `${describe(mapping.special)} holds no numbers` });
            return;
          }
          special = read;
        }
        const prizes = mapping.prizes ? prizesAt(row, mapping.prizes) : undefined;
        if (typeof prizes === 'string') {
          rejected.push({ row: position, date, message: prizes });
          return;
        }
        draws.push({ row: position, date, main, special, ...(prizes ? { prizes } : {}) });
      });
      return assertSomeUsable({ draws, rejected }, rows.length);
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

function csvRows(body: string, mapping: SourceMapping): Record<string, string>[] {
  if (body.trimStart().startsWith('<'))
    throw new SourceFormatError('the source answered HTML or XML, not CSV (an error page?)');
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(body, {
      columns: true,
      delimiter: mapping.delimiter ?? ',',
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
    });
  } catch (error) {
    // csv-parse's messages quote the fields they stop at: only its code and line are kept.
    const { code, lines } = error as { code?: string; lines?: number };
    throw new SourceFormatError(
      `the source answered invalid CSV (${code ?? 'unreadable'}${lines ? ` at line ${lines}` : ''})`,
    );
  }
  const columns = rows.length > 0 ? Object.keys(rows[0]) : [];
  const wanted = [mapping.date, ...fieldsOf(mapping.main), ...fieldsOf(mapping.special)];
  const missing = rows.length > 0 ? wanted.find((name) => !columns.includes(name)) : undefined;
  if (missing !== undefined)
    throw new SourceFormatError(
      `the CSV has no column '${missing}' (its header has ${columns.length} ${columns.length === 1 ? 'column' : 'columns'})`,
    );
  return rows;
}

/** A value by dot path ('result.draws'); CSV rows have flat names, tried whole first. */
function valueAt(value: unknown, path: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, path)) return record[path];
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (
      typeof current !== 'object' ||
      current === null ||
      !Object.prototype.hasOwnProperty.call(current, key)
    )
      return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
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

/**
 * A row's prizes per the mapping, or a message naming the field that could not be read. Winners are whole numbers
 * (spaces as thousands separators are dropped); an amount of 0 is null (nobody won, nothing paid); an empty or
 * absent field is null (not published).
 */
function prizesAt(row: unknown, mapping: PrizeMapping): FetchedPrizes | string {
  const text = (field: string | undefined): string | null => {
    if (field === undefined) return null;
    const value = valueAt(row, field);
    if (value === undefined || value === null) return null;
    const shown = String(value).replace(/[\s\u00a0\u202f]/g, '');
    return shown === '' ? null : shown;
  };
  const minor = (field: string | undefined): number | null | string => {
    const value = text(field);
    if (value === null) return null;
    const normal = mapping.decimal === ',' ? value.replace(',', '.') : value;
    const read = decimalToMinor(normal, mapping.currency);
    return read === null ? `${field} is not an amount in ${mapping.currency}` : read === 0 ? null : read;
  };
  const count = (field: string | undefined): number | null | string => {
    const value = text(field);
    if (value === null) return null;
    return /^\d{1,10}$/.test(value) ? Number(value) : `${field} is not a whole number of winners`;
  };
  const divisions: FetchedPrizes['divisions'] = [];
  for (const division of mapping.divisions) {
    const winners = count(division.winners);
    if (typeof winners === 'string') return winners;
    const amountMinor = minor(division.amount);
    if (typeof amountMinor === 'string') return amountMinor;
    let regions: { region: string; winners: number }[] | null = null;
    for (const [region, field] of Object.entries(division.regions ?? {})) {
      const regionWinners = count(field);
      if (typeof regionWinners === 'string') return regionWinners;
      if (regionWinners !== null) (regions ??= []).push({ region, winners: regionWinners });
    }
    divisions.push({ rank: division.rank, winners, amountMinor, regions });
  }
  const jackpotMinor = minor(mapping.jackpot);
  if (typeof jackpotMinor === 'string') return jackpotMinor;
  return { currency: mapping.currency, divisions, jackpotMinor };
}

function fieldsOf(fields: string | string[] | undefined): string[] {
  return fields === undefined ? [] : typeof fields === 'string' ? [fields] : fields;
}

function describe(fields: string | string[]): string {
  return typeof fields === 'string' ? fields : fields.join(', ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
