import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';

/** The environment, as in process.env. */
export type Env = Record<string, string | undefined>;

/** A rate-limit window: at most `limit` requests per `windowSeconds`. */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

/** What a setting's parser may use besides its own text. */
export interface ParseContext {
  /** The variable being read, for messages. */
  name: string;
  env: Env;
  /** Another variable's text: trimmed, null when unset or blank (for a default or a rule that involves it). */
  text(name: string): string | null;
  /** The default's text: what a bad value falls back to, so that rules across settings still see a number. */
  fallback: string | null;
  /** Reports a bad value: one line of the SettingsError. */
  problem(message: string): void;
}

/** One kind of value: what it accepts, in words for operators (the README's table), and how it is read. */
export interface SettingKind<T> {
  accepts: string;
  /** `value` is the variable's trimmed text, or its default's when it is unset or blank; null without either. */
  parse(value: string | null, context: ParseContext): T;
}

/** A row of the settings table (settings-schema.ts): one environment variable. */
export interface SettingSpec<T> {
  kind: SettingKind<T>;
  /**
   * What an unset or blank variable reads as, written as an operator would write it (the README shows it as
   * is); a function when another variable decides it (then `shownDefault` says how).
   */
  default?: string | ((context: ParseContext) => string);
  /** The README's default when it is not `default` itself; absent with no default: "unset". */
  shownDefault?: string;
  /** Set but blank means "none" (null) rather than the default (`DEFAULT_LICENSE=` gives no license). */
  blankIsNone?: boolean;
  /** One line for operators: what it does. */
  meaning: string;
}

/** A row, with its value's type inferred (so that the table types loadSettings's values). */
export function setting<T>(spec: SettingSpec<T>): SettingSpec<T> {
  return spec;
}

export type SettingsSchema = Record<string, SettingSpec<unknown>>;

/** The value each row of a schema reads. */
export type SettingValues<S extends SettingsSchema> = {
  [K in keyof S]: S[K] extends SettingSpec<infer T> ? T : never;
};

/** Reads every row of `schema`, in its order: the values, and one problem per bad value (in that order). */
export function readSettings<S extends SettingsSchema>(
  schema: S,
  env: Env,
): { values: SettingValues<S>; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string): string | null => env[name]?.trim() || null;
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const context: ParseContext = {
      name,
      env,
      text,
      fallback: null,
      problem: (message) => problems.push(message),
    };
    context.fallback = typeof spec.default === 'function' ? spec.default(context) : (spec.default ?? null);
    const own = text(name);
    const blankIsNone = spec.blankIsNone && env[name] !== undefined;
    values[name] = spec.kind.parse(own ?? (blankIsNone ? null : context.fallback), context);
  }
  return { values: values as SettingValues<S>, problems };
}

/** Free text, checked by `check` (which reports through the context). */
export function text(
  accepts: string,
  check?: (value: string | null, context: ParseContext) => void,
): SettingKind<string | null> {
  return {
    accepts,
    parse(value, context) {
      check?.(value, context);
      return value;
    },
  };
}

/** A whole number within [min, max]; a bad one is reported and the default used. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER): SettingKind<number> {
  return {
    accepts: max === Number.MAX_SAFE_INTEGER ? `whole number ≥ ${min}` : `whole number, ${min}–${max}`,
    parse(value, { name, fallback, problem }) {
      if (value !== null && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max)
        return Number(value);
      if (value !== null)
        problem(`${name}='${value}' is not valid: expected a whole number from ${min} to ${max}.`);
      return Number(fallback);
    },
  };
}

const FLAG_WORDS = new Map([
  ...['1', 'true', 'yes', 'on'].map((word) => [word, true] as const),
  ...['0', 'false', 'no', 'off'].map((word) => [word, false] as const),
]);

/** On or off; a bad word is reported and the default used. */
export function flag(): SettingKind<boolean> {
  return {
    accepts: '`on` or `off` (or `true`/`false`, `yes`/`no`, `1`/`0`)',
    parse(value, { name, fallback, problem }) {
      const word = value?.toLowerCase() ?? '';
      const on = FLAG_WORDS.get(word);
      if (on !== undefined) return on;
      problem(`${name}='${word}' is not valid: expected true or false.`);
      return FLAG_WORDS.get(fallback?.toLowerCase() ?? '') ?? false;
    },
  };
}

/** One of `values`, case-insensitively; `aliases` name other words for some of them. */
export function choice<const T extends string>(
  values: readonly T[],
  aliases: Record<string, T> = {},
): SettingKind<T> {
  const listed = values.map((value) => `\`${value}\``);
  const aliasNotes = Object.entries(aliases).map(([alias, value]) => `\`${alias}\` = \`${value}\``);
  const expected = values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;
  return {
    accepts:
      (values.length === 2 ? listed.join(' or ') : listed.join(', ')) +
      (aliasNotes.length ? ` (${aliasNotes.join(', ')})` : ''),
    parse(value, { name, problem }) {
      const word = value?.toLowerCase() ?? '';
      const chosen = Object.hasOwn(aliases, word) ? aliases[word] : word;
      if (!values.includes(chosen as T)) problem(`${name}='${word}' is not valid: expected ${expected}.`);
      return chosen as T;
    },
  };
}

/** Rate-limit windows ('5/h,20/d'), or null for `off`; `example` is what the problem message suggests. */
export function rateWindowsOrOff(example: string): SettingKind<RateWindow[] | null> {
  return {
    accepts: 'windows like `5/h,20/d` (per `s`, `m`, `h` or `d`), or `off`',
    parse(value, { name, problem }) {
      if (value === null || value.toLowerCase() === 'off') return null;
      const windows = parseRateWindows(value);
      if (windows.length === 0)
        problem(`${name}='${value}' is not valid: expected e.g. '${example}' or 'off'.`);
      return windows.length ? windows : null;
    },
  };
}

const WINDOW_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '20/s,1200/m,72000/h' → windows; an empty array means the text was not valid. */
export function parseRateWindows(raw: string): RateWindow[] {
  const windows: RateWindow[] = [];
  for (const part of raw.split(',')) {
    const match = /^\s*(\d+)\s*\/\s*([smhd])\s*$/i.exec(part);
    if (!match || Number(match[1]) < 1) return [];
    windows.push({ limit: Number(match[1]), windowSeconds: WINDOW_UNITS[match[2].toLowerCase()] });
  }
  return windows;
}

/** A duration in seconds ('3600', '15m', '1h', '7d'); a bad one is reported and the default used. */
export function duration(): SettingKind<number> {
  return {
    accepts: 'seconds, or a number with `s`, `m`, `h` or `d` (`3600`, `15m`, `1h`, `7d`)',
    parse(value, { name, env, fallback, problem }) {
      const seconds = value === null ? null : parseDuration(value);
      if (seconds !== null) return seconds;
      // The message quotes the variable as it was set (untrimmed).
      problem(`${name}='${env[name]}' is not valid: expected e.g. 3600, 15m, 1h or 7d.`);
      return parseDuration(fallback ?? '') ?? 0;
    },
  };
}

function parseDuration(raw: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(raw);
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * (WINDOW_UNITS[match[2].toLowerCase() || 's'] ?? 1);
}

/** A folder, made absolute against the working directory. */
export function directory(): SettingKind<string> {
  return {
    accepts: 'a folder (relative to the working directory)',
    parse: (value) => resolve(value ?? '.'),
  };
}

/** Comma-separated host names or IP addresses, lower-cased (IPv6 addresses may be bracketed). */
export function hostList(): SettingKind<string[]> {
  return {
    accepts: 'host names or IP addresses, comma-separated',
    parse(value, { name, problem }) {
      if (!value) return [];
      const hosts = value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.filter((host) => !/^[a-z0-9.:[\]-]+$/.test(host));
      if (bad.length) problem(`${name} has invalid hosts: ${bad.join(', ')}.`);
      return hosts.map((host) => host.replace(/^\[(.*)\]$/, '$1'));
    },
  };
}

/** proxy-addr's names for ranges (Fastify's trustProxy takes them in a list). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Fastify's trustProxy: no proxy (false), a hop count, or the proxies' addresses and CIDRs. Never `true`
 * (trust every hop): the client's address would then be the left-most X-Forwarded-For entry, which the client
 * itself writes whenever a proxy appends to the header, so every client could choose its address.
 */
export function trustedProxies(): SettingKind<false | number | string[]> {
  return {
    accepts: 'a hop count, or IPs/CIDRs, comma-separated, `loopback`; `none`: no proxy',
    parse(value, { name, problem }) {
      if (!value || /^(false|none|0)$/i.test(value)) return false;
      if (value.toLowerCase() === 'true') {
        problem(
          `${name}=true is refused: it believes any X-Forwarded-For a client writes. Set the number of proxies in front of the service (e.g. ${name}=1) or their addresses (e.g. ${name}=10.0.0.0/8).`,
        );
        return false;
      }
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = commaList(value);
      const bad = proxies.filter(
        (proxy) => !PROXY_RANGE_NAMES.includes(proxy) && !ipaddr.isValid(proxy) && !ipaddr.isValidCIDR(proxy),
      );
      if (bad.length)
        problem(
          `${name} has invalid proxies: ${bad.join(', ')} (expected a hop count, or IP addresses and CIDRs).`,
        );
      return bad.length ? false : proxies;
    },
  };
}

/** `*`, or a comma-separated list. */
export function anyOrList(accepts: string): SettingKind<string[] | '*'> {
  return { accepts, parse: (value) => (!value || value === '*' ? '*' : commaList(value)) };
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
