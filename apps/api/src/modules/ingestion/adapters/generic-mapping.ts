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
  /** Where the source publishes what each draw paid (contract section 10); absent when it does not. */
  prizes?: PrizeMapping;
}

/** The fields of a draw's prizes: per division, its winners, the amount per winning line, per-region winners. */
export interface PrizeMapping {
  /** ISO 4217 code of the amounts (FDJ: EUR). */
  currency: string;
  /** The amounts' decimal separator: '.' (default) or ',' (FDJ's `616553,40`). */
  decimal?: '.' | ',';
  divisions: { rank: number; winners?: string; amount?: string; regions?: Record<string, string> }[];
  /** The field of the top division's pool, where published. */
  jackpot?: string;
}

const MAX_PRIZE_DIVISIONS = 50;

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
  'prizes',
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
  const {
    format,
    rows,
    date,
    dateFormat,
    main,
    special,
    specialFromMain,
    separator,
    delimiter,
    query,
    prizes,
  } = input;
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
  const prizeMapping = prizes === undefined ? undefined : parsePrizeMapping(prizes);
  if (prizeMapping !== undefined && 'problem' in prizeMapping) return prizeMapping;
  const mapping: SourceMapping = { format, date: date as string, main: main as string | string[] };
  if (prizeMapping !== undefined) mapping.prizes = prizeMapping.prizes;
  if (rows !== undefined) mapping.rows = rows as string;
  if (dateFormat !== undefined) mapping.dateFormat = dateFormat as string;
  if (special !== undefined) mapping.special = special as string | string[];
  if (specialFromMain !== undefined) mapping.specialFromMain = specialFromMain as number;
  if (separator !== undefined) mapping.separator = separator as string;
  if (delimiter !== undefined) mapping.delimiter = delimiter as string;
  if (query !== undefined) mapping.query = { ...(query as Record<string, string>) };
  return { mapping };
}

function parsePrizeMapping(value: unknown): { prizes: PrizeMapping } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'prizes must be an object {currency, divisions, decimal?, jackpot?}' };
  const { currency, decimal, divisions, jackpot, ...others } = value as Record<string, unknown>;
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined)
    return {
      problem: `prizes has an unknown key '${unknown}' (known: currency, decimal, divisions, jackpot)`,
    };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    return { problem: 'prizes.currency must be an ISO 4217 code such as EUR' };
  if (decimal !== undefined && decimal !== '.' && decimal !== ',')
    return { problem: "prizes.decimal must be '.' or ','" };
  if (jackpot !== undefined && !isField(jackpot)) return { problem: 'prizes.jackpot must name a field' };
  if (!Array.isArray(divisions) || divisions.length === 0 || divisions.length > MAX_PRIZE_DIVISIONS)
    return {
      problem: `prizes.divisions must list 1 to ${MAX_PRIZE_DIVISIONS} divisions {rank, winners?, amount?, regions?}`,
    };
  const read: PrizeMapping['divisions'] = [];
  for (const [i, raw] of divisions.entries()) {
    const at = `prizes.divisions[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { problem: `${at} must be an object` };
    const { rank, winners, amount, regions } = raw as Record<string, unknown>;
    if (!Number.isInteger(rank) || (rank as number) < 1 || (rank as number) > MAX_PRIZE_DIVISIONS)
      return { problem: `${at}.rank must be a whole number from 1 to ${MAX_PRIZE_DIVISIONS}` };
    if (read.some((d) => d.rank === rank)) return { problem: `${at}.rank ${String(rank)} is listed twice` };
    if (winners !== undefined && !isField(winners)) return { problem: `${at}.winners must name a field` };
    if (amount !== undefined && !isField(amount)) return { problem: `${at}.amount must name a field` };
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
      ...(regions !== undefined ? { regions: { ...(regions as Record<string, string>) } } : {}),
    });
  }
  read.sort((a, b) => a.rank - b.rank);
  return {
    prizes: {
      currency,
      ...(decimal !== undefined ? { decimal } : {}),
      divisions: read,
      ...(jackpot !== undefined ? { jackpot: jackpot as string } : {}),
    },
  };
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
