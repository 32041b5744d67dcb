/**
 * How the generic adapter reads a publication: where the rows, the date and the numbers are. Stored as jsonb with
 * the source, so an operator adds a source without code (README, "Adding a draw source").
 */
export interface SourceMapping {
  format: 'json' | 'csv';
  /** JSON: dot path of the array of rows ('' or absent: the answer is the array). */
  rows?: string;
  /** The date's field: a JSON dot path, or a CSV column name. */
  date: string;
  /** YYYY, MM and DD with literal characters between them (default 'YYYY-MM-DD'); a time after the date is ignored. */
  dateFormat?: string;
  /** One field holding all main numbers, or one field per number. */
  main: string | string[];
  /** The same for special numbers; absent when there are none, or when `specialFromMain` takes them. */
  special?: string | string[];
  /** When one field holds main and special numbers: how many of its last numbers are the special ones. */
  specialFromMain?: number;
  /** What separates numbers within one field (default: spaces, commas, semicolons, dashes or pipes). */
  separator?: string;
  /** CSV column delimiter (default ','). */
  delimiter?: string;
  /** Query parameters added to the URL; '{since}' in a value becomes the first date wanted ('YYYY-MM-DD'). */
  query?: Record<string, string>;
}

const KEYS = [
  'format',
  'rows',
  'date',
  'dateFormat',
  'main',
  'special',
  'specialFromMain',
  'separator',
  'delimiter',
  'query',
];
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
  const { format, rows, date, dateFormat, main, special, specialFromMain, separator, delimiter, query } =
    input;
  if (format !== 'json' && format !== 'csv') return { problem: "format must be 'json' or 'csv'" };
  if (rows !== undefined && (typeof rows !== 'string' || rows.length > 200))
    return { problem: 'rows must be a dot path' };
  if (!isField(date)) return { problem: 'date must name a field' };
  if (dateFormat !== undefined && !isDateFormat(dateFormat))
    return { problem: "dateFormat must hold YYYY, MM and DD once each, e.g. 'DD/MM/YYYY'" };
  if (!isFields(main)) return { problem: 'main must name a field, or list one field per number' };
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
  const mapping: SourceMapping = { format, date: date as string, main: main as string | string[] };
  if (rows !== undefined) mapping.rows = rows as string;
  if (dateFormat !== undefined) mapping.dateFormat = dateFormat as string;
  if (special !== undefined) mapping.special = special as string | string[];
  if (specialFromMain !== undefined) mapping.specialFromMain = specialFromMain as number;
  if (separator !== undefined) mapping.separator = separator as string;
  if (delimiter !== undefined) mapping.delimiter = delimiter as string;
  if (query !== undefined) mapping.query = { ...(query as Record<string, string>) };
  return { mapping };
}

function isField(value: unknown): value is string {
  return typeof value === 'string' && isPlainName(value);
}

function isFields(value: unknown): boolean {
  return (
    isField(value) ||
    (Array.isArray(value) && value.length >= 1 && value.length <= 20 && value.every(isField))
  );
}

function isDateFormat(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 40) return false;
  return ['YYYY', 'MM', 'DD'].every((token) => value.split(token).length === 2);
}

/** A regular expression reading `format` at the start of a value: groups year, month, day (in format order). */
export function dateReader(format = 'YYYY-MM-DD'): (text: string) => string | null {
  const order: string[] = [];
  const pattern = format
    .split(/(YYYY|MM|DD)/)
    .map((part) => {
      if (part === 'YYYY') return (order.push('Y'), '(\\d{4})');
      if (part === 'MM' || part === 'DD') return (order.push(part[0]), '(\\d{1,2})');
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // A time may follow the date ('2024-01-02T00:00:00.000', '02/01/2024 20:45').
  const regex = new RegExp(`^${pattern}(?:$|[T\\s])`);
  return (text) => {
    const match = regex.exec(text.trim());
    if (!match) return null;
    const part = (token: string) => match[order.indexOf(token) + 1];
    return `${part('Y')}-${part('M').padStart(2, '0')}-${part('D').padStart(2, '0')}`;
  };
}
