/** The facts of an X-Lottery-Freshness header, by their names in camelCase (`last-draw` → `lastDraw`). */
export type FreshnessFacts = Record<string, string | number | boolean>;

/**
 * Reads the X-Lottery-Freshness header (an RFC 8941 dictionary: `status=stale, last-draw="2024-11-20",
 * hours-behind=17520.5, source=failing`) into an object, for a tool result's `_meta`. Only what the header uses is
 * read: tokens, quoted strings without escapes, numbers and bare keys (true); parameters (`;…`) are ignored. A
 * member that is none of these is left out rather than guessed.
 */
export function freshnessFactsOf(header: string | string[] | undefined): FreshnessFacts | undefined {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (!value) return undefined;
  const facts: FreshnessFacts = {};
  for (const member of value.split(',')) {
    const [pair] = member.split(';');
    const equals = pair.indexOf('=');
    const key = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (!/^[a-z*][a-z0-9_.*-]*$/.test(key)) continue;
    const item = equals < 0 ? true : itemOf(pair.slice(equals + 1).trim());
    if (item !== undefined) facts[camelCase(key)] = item;
  }
  return Object.keys(facts).length ? facts : undefined;
}

function itemOf(text: string): string | number | boolean | undefined {
  if (/^"[^"\\]*"$/.test(text)) return text.slice(1, -1);
  if (/^-?\d{1,15}(\.\d{1,3})?$/.test(text)) return Number(text);
  if (text === '?1' || text === '?0') return text === '?1';
  if (/^[A-Za-z*][\w:/!#$%&'*+.^`|~-]*$/.test(text)) return text;
  return undefined;
}

const camelCase = (key: string) => key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
