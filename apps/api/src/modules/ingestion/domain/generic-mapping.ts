import { isValidIsoDate } from '../../../common/dates/iso-date';
import { dateReader, EPOCH_MS, isDateFormat } from './date-readers';
import { parseRequestOptions, type RequestOptions } from './request-options';
import { TEXT_ENCODINGS, type TextEncoding } from './text-encoding';
import { parseXmlPath } from './xml-paths';
import type { ArchiveMapping } from './archive-mapping';
import {
  type DeclaredMappingKey,
  DIVISION_KEYS,
  MAPPING_KEYS,
  PRIZE_KEYS,
  ROW_DRAW_KEYS,
} from './mapping-schema';

export { dateReader };

/**
 * How the generic adapter reads a publication: where the rows, the date and the numbers are. Stored as jsonb with
 * the source, so an operator adds a source without code (README, "Adding a draw source").
 */
export interface SourceMapping extends RequestOptions {
  format: 'json' | 'csv' | 'xml';
  /** The answer is an archive: the file to read in it. */
  archive?: ArchiveMapping;
  /** The answer's text encoding (default UTF-8, its byte order mark dropped). */
  encoding?: TextEncoding;
  /** CSV: false when the first line is a draw; fields are then column positions, '1' the first. */
  header?: boolean;
  /**
   * JSON: dot path of the array of rows ('' or absent: the answer is the array; `ONE_ROW`, '.': the answer is one
   * object, the one row: CAIXA's latest contest). XML (required): the element path of the repeated element, from the
   * root element (`all-results.draw-results.game`).
   */
  rows?: string;
  /**
   * The date's field (a JSON dot path, a CSV column or an XML element path, see xml-paths.ts), or the fields of its
   * parts, joined with '-'.
   */
  date: string | string[];
  /**
   * YYYY, MM (or MMM, a month's English short name) and DD with literal characters between them (default
   * 'YYYY-MM-DD'); a time after the date is ignored. 'epoch-ms': milliseconds, a date in the lottery's zone.
   */
  dateFormat?: string;
  /** One field holding all main numbers, or one field per number (required unless `draws` is given). */
  main?: string | string[];
  /** The same for special numbers; absent when there are none, or when `specialFromMain` takes them. */
  special?: string | string[];
  /** When one field holds main and special numbers: how many of its last numbers are the special ones. */
  specialFromMain?: number;
  /** The field of the draw's round (1, 2, … or ONE, TWO, …), where a date has several draws. */
  round?: string;
  /**
   * The field of the draw's number (CAIXA's `numero`): the sync keeps the highest one read, and asks a URL holding
   * `{contest}` for the numbers after it.
   */
  contest?: string;
  /**
   * Where one row holds all the draws of its date (NY Take 5's midday and evening draws): each draw's fields, round
   * 1 first, instead of `main`, `special`, `specialFromMain` and `round`. A draw whose main fields are blank is not
   * in the row (not drawn yet, or not in that period). On a date whose rules have one draw, the row's one draw is
   * round 1, whichever field holds it (Take 5's single daily draw sits in its evening column).
   */
  draws?: RowDraw[];
  /**
   * 'ignore': a row whose date field is empty is history its publisher left undated (Szerencsejáték's rows before
   * 2004-11), counted as ignored instead of rejected. Absent: such a row is rejected, as any row without a date.
   */
  undated?: 'ignore';
  /**
   * 'YYYY-MM-DD': rows dated before it are counted as ignored, not read: the mapping fits the publication's rows from
   * then on (Hatoslottó's older rows carry a bonus number in a column the current ones lack).
   */
  from?: string;
  /** Only rows whose fields hold exactly these texts are read (BCLC's `SEQUENCE NUMBER` 0: main draws). */
  filter?: Record<string, string>;
  /** What separates numbers within one field (default: spaces, commas, semicolons, dashes or pipes). */
  separator?: string;
  /** CSV column delimiter (default ','). */
  delimiter?: string;
  /** Query parameters added to the URL; '{since}' in a value becomes the first date wanted ('YYYY-MM-DD'). */
  query?: Record<string, string>;
  /** Where the source publishes what each draw paid (contract section 10); absent when it does not. */
  prizes?: PrizeMapping;
}

/** One of the draws a row holds (`SourceMapping.draws`): its numbers' fields, as `main` and `special` above. */
export interface RowDraw {
  main: string | string[];
  special?: string | string[];
}

/** `rows` of a JSON answer that is one draw (an object), not a list of them. */
export const ONE_ROW = '.';

/** The most draws one row may hold. */
const MAX_ROW_DRAWS = 10;

/**
 * The fields of a draw's prizes: per division, its winners, the amount per winning line (or the division's total,
 * shared among its winners: the National Lottery's `win-value`), per-region winners.
 */
export interface PrizeMapping {
  /** ISO 4217 code of the amounts (FDJ: EUR). */
  currency: string;
  /** The amounts' decimal separator: '.' (default) or ',' (FDJ's `616553,40`). */
  decimal?: '.' | ',';
  /** Text that follows an amount, dropped where present (Szerencsejáték's `1 234 Ft`: 'Ft'). */
  suffix?: string;
  /** 'minor': the amounts are whole numbers of the currency's minor unit (Veikkaus' cents: 45279980 = EUR 452,799.80). */
  unit?: 'minor';
  divisions: {
    rank: number;
    winners?: string;
    amount?: string;
    total?: string;
    regions?: Record<string, string>;
  }[];
  /** The field of the top division's pool, where published. */
  jackpot?: string;
}

const MAX_PRIZE_DIVISIONS = 50;
const XML_PATHS =
  "element names joined by dots ('game.draw.draw-date'), '@name' last for an attribute, " +
  "'name[@attribute=text]' or 'name[child=text]' to keep the elements that hold that text";
const MAX_DATE_PARTS = 3;
const MAX_FILTERS = 5;

/** The keys a mapping may hold: those its schema declares (mapping-schema.ts). */
const KEYS = MAPPING_KEYS;

/** The schema declares exactly SourceMapping's keys: a key added to one and not the other does not compile. */
type Undeclared = Exclude<keyof SourceMapping, DeclaredMappingKey>;
type Unknown = Exclude<DeclaredMappingKey, keyof SourceMapping>;
const declaredExactly: [Undeclared, Unknown] extends [never, never] ? true : never = true;
void declaredExactly;
/** A field name: 1 to 200 characters, none of them a control character. */
const isPlainName = (text: string) =>
  text.length >= 1 && text.length <= 200 && ![...text].some((c) => c < ' ');

/** Checks an untrusted mapping (admin input) and returns it with only its known keys, or the problem. */
export function parseSourceMapping(value: unknown): { mapping: SourceMapping } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'expected an object {format, date, main, …}' };
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) return { problem: `unknown key '${unknown}' (known: ${KEYS.join(', ')})` };
  const {
    format,
    archive,
    encoding,
    header,
    rows,
    date,
    dateFormat,
    main,
    special,
    specialFromMain,
    round,
    contest,
    draws,
    undated,
    from,
    filter,
    separator,
    delimiter,
    query,
    prizes,
  } = input;
  if (format !== 'json' && format !== 'csv' && format !== 'xml')
    return { problem: "format must be 'json', 'csv' or 'xml'" };
  const archiveMapping = archive === undefined ? undefined : parseArchive(archive);
  if (archiveMapping !== undefined && 'problem' in archiveMapping) return archiveMapping;
  if (encoding !== undefined && !(TEXT_ENCODINGS as readonly unknown[]).includes(encoding))
    return { problem: `encoding must be one of ${TEXT_ENCODINGS.join(', ')}` };
  if (header !== undefined && (typeof header !== 'boolean' || format !== 'csv'))
    return { problem: 'header must be true or false, with format csv' };
  if (rows !== undefined && (typeof rows !== 'string' || rows.length > 200))
    return { problem: 'rows must be a dot path' };
  if (rows === ONE_ROW && format !== 'json')
    return { problem: `rows '${ONE_ROW}' (the answer is one row) is for format json` };
  if (format === 'xml' && (typeof rows !== 'string' || parseXmlPath(rows) === null))
    return { problem: `with format xml, rows must be the path of the repeated element; ${XML_PATHS}` };
  if (!isField(date) && !isFieldList(date, MAX_DATE_PARTS))
    return { problem: `date must name a field, or list up to ${MAX_DATE_PARTS} fields of its parts` };
  if (dateFormat !== undefined && !isDateFormat(dateFormat))
    return {
      problem: `dateFormat must hold YYYY, MM or MMM, and DD once each, e.g. 'DD/MM/YYYY' or 'DD-MMM-YYYY', or be '${EPOCH_MS}'`,
    };
  if (dateFormat === EPOCH_MS && typeof date !== 'string')
    return { problem: `dateFormat '${EPOCH_MS}' reads one date field` };
  const rowDraws = draws === undefined ? undefined : parseRowDraws(draws, input);
  if (rowDraws !== undefined && 'problem' in rowDraws) return rowDraws;
  if (rowDraws === undefined && !isFields(main))
    return { problem: 'main must name a field, or list one field per number' };
  if (undated !== undefined && undated !== 'ignore') return { problem: "undated must be 'ignore'" };
  if (from !== undefined && (typeof from !== 'string' || !isValidIsoDate(from)))
    return { problem: "from must be a date 'YYYY-MM-DD'" };
  if (special !== undefined && !isFields(special))
    return { problem: 'special must name a field, or list one field per number' };
  if (
    specialFromMain !== undefined &&
    (!Number.isInteger(specialFromMain) ||
      (specialFromMain as number) < 1 ||
      (specialFromMain as number) > 10 ||
      typeof main !== 'string' ||
      special !== undefined)
  )
    return { problem: 'specialFromMain must be 1 to 10, with main one field and no special' };
  if (round !== undefined && !isField(round)) return { problem: 'round must name a field' };
  if (contest !== undefined && !isField(contest)) return { problem: 'contest must name a field' };
  if (
    filter !== undefined &&
    (typeof filter !== 'object' ||
      filter === null ||
      Array.isArray(filter) ||
      Object.keys(filter).length < 1 ||
      Object.keys(filter).length > MAX_FILTERS ||
      !Object.entries(filter).every(
        ([field, text]) => isField(field) && typeof text === 'string' && text.length <= 200,
      ))
  )
    return { problem: `filter must map 1 to ${MAX_FILTERS} fields to the text each must hold` };
  if (
    separator !== undefined &&
    (typeof separator !== 'string' || separator.length < 1 || separator.length > 5)
  )
    return { problem: 'separator must be 1 to 5 characters' };
  if (delimiter !== undefined && (typeof delimiter !== 'string' || delimiter.length !== 1))
    return { problem: 'delimiter must be one character' };
  if (
    query !== undefined &&
    (typeof query !== 'object' ||
      query === null ||
      Array.isArray(query) ||
      !Object.values(query).every((v) => typeof v === 'string' && v.length <= 500))
  )
    return { problem: 'query must map parameter names to text' };
  const request = parseRequestOptions(input);
  if ('problem' in request) return request;
  const prizeMapping = prizes === undefined ? undefined : parsePrizeMapping(prizes);
  if (prizeMapping !== undefined && 'problem' in prizeMapping) return prizeMapping;
  const mapping: SourceMapping = {
    format,
    date: typeof date === 'string' ? date : [...(date as string[])],
    ...(rowDraws === undefined ? { main: main as string | string[] } : { draws: rowDraws.draws }),
  };
  if (archiveMapping !== undefined) mapping.archive = archiveMapping.archive;
  if (encoding !== undefined) mapping.encoding = encoding as TextEncoding;
  if (header !== undefined) mapping.header = header;
  if (prizeMapping !== undefined) mapping.prizes = prizeMapping.prizes;
  if (rows !== undefined) mapping.rows = rows as string;
  if (dateFormat !== undefined) mapping.dateFormat = dateFormat;
  if (special !== undefined) mapping.special = special as string | string[];
  if (specialFromMain !== undefined) mapping.specialFromMain = specialFromMain as number;
  if (round !== undefined) mapping.round = round;
  if (contest !== undefined) mapping.contest = contest;
  if (undated !== undefined) mapping.undated = undated;
  if (from !== undefined) mapping.from = from as string;
  if (filter !== undefined) mapping.filter = { ...(filter as Record<string, string>) };
  if (separator !== undefined) mapping.separator = separator as string;
  if (delimiter !== undefined) mapping.delimiter = delimiter as string;
  if (query !== undefined) mapping.query = { ...(query as Record<string, string>) };
  Object.assign(mapping, request.options);
  if (format === 'xml') {
    const unreadable = mappingFields(mapping).find((field) => parseXmlPath(field) === null);
    if (unreadable !== undefined)
      return { problem: `with format xml, '${unreadable}' is not an element path; ${XML_PATHS}` };
  }
  if (header === false) {
    const named = mappingFields(mapping).find((field) => !/^[1-9]\d{0,2}$/.test(field));
    if (named !== undefined)
      return {
        problem: `with header false, fields are column positions ('1', '2', …): '${named}' is not one`,
      };
  }
  return { mapping };
}

/** Every field a mapping reads (the date's, the numbers', the round's, the filter's and the prizes'). */
export function mappingFields(mapping: SourceMapping): string[] {
  const list = (fields: string | string[] | undefined) =>
    fields === undefined ? [] : typeof fields === 'string' ? [fields] : fields;
  const prizes = mapping.prizes;
  return [
    ...list(mapping.date),
    ...list(mapping.main),
    ...list(mapping.special),
    ...list(mapping.round),
    ...list(mapping.contest),
    ...(mapping.draws ?? []).flatMap((d) => [...list(d.main), ...list(d.special)]),
    ...Object.keys(mapping.filter ?? {}),
    ...(prizes?.divisions ?? []).flatMap((d) => [
      ...list(d.winners),
      ...list(d.amount),
      ...list(d.total),
      ...Object.values(d.regions ?? {}),
    ]),
    ...list(prizes?.jackpot),
  ];
}

/** `draws`: 2 to 10 draws {main, special?}, the row's only numbers (no top-level main, special or round). */
function parseRowDraws(
  value: unknown,
  input: Record<string, unknown>,
): { draws: RowDraw[] } | { problem: string } {
  const problem = `draws must list 2 to ${MAX_ROW_DRAWS} draws {main, special?}, round 1 first`;
  if (!Array.isArray(value) || value.length < 2 || value.length > MAX_ROW_DRAWS) return { problem };
  const taken = ['main', 'special', 'specialFromMain', 'round', 'prizes'].find(
    (key) => input[key] !== undefined,
  );
  if (taken !== undefined)
    return {
      problem: `with draws, ${taken} cannot be given: each draw names its own main and special fields`,
    };
  const draws: RowDraw[] = [];
  for (const [i, raw] of value.entries()) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem };
    const { main, special, ...others } = raw as Record<string, unknown>;
    const unknown = Object.keys(others)[0];
    if (unknown !== undefined)
      return { problem: `draws[${i}] has an unknown key '${unknown}' (known: ${ROW_DRAW_KEYS.join(', ')})` };
    if (!isFields(main))
      return { problem: `draws[${i}].main must name a field, or list one field per number` };
    if (special !== undefined && !isFields(special))
      return { problem: `draws[${i}].special must name a field, or list one field per number` };
    draws.push({
      main: typeof main === 'string' ? main : [...(main as string[])],
      ...(special !== undefined
        ? { special: typeof special === 'string' ? special : [...(special as string[])] }
        : {}),
    });
  }
  return { draws };
}

function parseArchive(value: unknown): { archive: ArchiveMapping } | { problem: string } {
  const problem = "archive must be {type: 'zip', member?: a regular expression on the member's name}";
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem };
  const { type, member, ...others } = value as Record<string, unknown>;
  if (type !== 'zip' || Object.keys(others).length > 0) return { problem };
  if (member === undefined) return { archive: { type } };
  if (typeof member !== 'string' || member.length < 1 || member.length > 200) return { problem };
  try {
    new RegExp(member);
  } catch {
    return { problem: 'archive.member is not a valid regular expression' };
  }
  return { archive: { type, member } };
}

function parsePrizeMapping(value: unknown): { prizes: PrizeMapping } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'prizes must be an object {currency, divisions, decimal?, suffix?, unit?, jackpot?}' };
  const { currency, decimal, suffix, unit, divisions, jackpot, ...others } = value as Record<string, unknown>;
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined)
    return {
      problem: `prizes has an unknown key '${unknown}' (known: ${PRIZE_KEYS.join(', ')})`,
    };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    return { problem: 'prizes.currency must be an ISO 4217 code such as EUR' };
  if (decimal !== undefined && decimal !== '.' && decimal !== ',')
    return { problem: "prizes.decimal must be '.' or ','" };
  if (suffix !== undefined && (typeof suffix !== 'string' || !/^[^\d\s.,]{1,10}$/.test(suffix)))
    return { problem: 'prizes.suffix must be 1 to 10 characters, neither digits, spaces, dots nor commas' };
  if (unit !== undefined && unit !== 'minor') return { problem: "prizes.unit must be 'minor' (or absent)" };
  if (unit !== undefined && decimal !== undefined)
    return { problem: 'prizes.unit minor amounts are whole numbers: no decimal separator' };
  if (jackpot !== undefined && !isField(jackpot)) return { problem: 'prizes.jackpot must name a field' };
  if (!Array.isArray(divisions) || divisions.length === 0 || divisions.length > MAX_PRIZE_DIVISIONS)
    return {
      problem: `prizes.divisions must list 1 to ${MAX_PRIZE_DIVISIONS} divisions {rank, winners?, amount? or total?, regions?}`,
    };
  const read: PrizeMapping['divisions'] = [];
  for (const [i, raw] of divisions.entries()) {
    const at = `prizes.divisions[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { problem: `${at} must be an object` };
    const { rank, winners, amount, total, regions, ...others } = raw as Record<string, unknown>;
    const unknown = Object.keys(others)[0];
    if (unknown !== undefined)
      return { problem: `${at} has an unknown key '${unknown}' (known: ${DIVISION_KEYS.join(', ')})` };
    if (!Number.isInteger(rank) || (rank as number) < 1 || (rank as number) > MAX_PRIZE_DIVISIONS)
      return { problem: `${at}.rank must be a whole number from 1 to ${MAX_PRIZE_DIVISIONS}` };
    if (read.some((d) => d.rank === rank)) return { problem: `${at}.rank ${String(rank)} is listed twice` };
    if (winners !== undefined && !isField(winners)) return { problem: `${at}.winners must name a field` };
    if (amount !== undefined && !isField(amount)) return { problem: `${at}.amount must name a field` };
    if (total !== undefined && (!isField(total) || amount !== undefined || winners === undefined))
      return { problem: `${at}.total must name a field, with winners and without amount` };
    if (
      regions !== undefined &&
      (typeof regions !== 'object' ||
        regions === null ||
        Array.isArray(regions) ||
        !Object.entries(regions).every(([region, field]) => /^[A-Z]{2}$/.test(region) && isField(field)))
    )
      return { problem: `${at}.regions must map country codes (FR) to fields` };
    read.push({
      rank: rank as number,
      ...(winners !== undefined ? { winners: winners as string } : {}),
      ...(amount !== undefined ? { amount: amount as string } : {}),
      ...(total !== undefined ? { total: total as string } : {}),
      ...(regions !== undefined ? { regions: { ...(regions as Record<string, string>) } } : {}),
    });
  }
  read.sort((a, b) => a.rank - b.rank);
  return {
    prizes: {
      currency,
      ...(decimal !== undefined ? { decimal } : {}),
      ...(suffix !== undefined ? { suffix: suffix as string } : {}),
      ...(unit !== undefined ? { unit: 'minor' as const } : {}),
      divisions: read,
      ...(jackpot !== undefined ? { jackpot: jackpot as string } : {}),
    },
  };
}

function isField(value: unknown): value is string {
  return typeof value === 'string' && isPlainName(value);
}

function isFields(value: unknown): boolean {
  return isField(value) || isFieldList(value, 20);
}

function isFieldList(value: unknown, max: number): value is string[] {
  return Array.isArray(value) && value.length >= 1 && value.length <= max && value.every(isField);
}
