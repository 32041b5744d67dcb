import { OutboundPolicy, type OutboundProblem } from '../../../common/net/outbound-policy';
import type { Settings } from '../../../config/settings';
import { ADAPTER_NAMES, type AdapterName } from './adapter-names';
import { parseSourceMapping, type SourceMapping } from './generic-mapping';
import {
  namesContest,
  placeholderOutsidePathAndQuery,
  unknownUrlPlaceholder,
  URL_PLACEHOLDERS,
} from './url-placeholders';

/** One publication to fetch: an adapter, a URL and (generic adapter) its mapping. */
export interface SourceEndpoint {
  adapter: AdapterName;
  url: string;
  mapping: SourceMapping | null;
}

/**
 * A lottery's source as configured (admin input or lotteries.json): the publication tried first, then its
 * fallbacks in order, each tried when the one before fails (unreachable, refused, a changed format).
 */
export interface SourceConfig extends SourceEndpoint {
  fallbacks: SourceEndpoint[];
}

/** Fallbacks a lottery may list after its first source. */
export const MAX_FALLBACKS = 5;

/**
 * Where sources may be fetched from: the outbound policy of webhook targets, with SYNC_ALLOWED_HOSTS as its
 * allow-list (public https only, unless the host is listed).
 */
export function sourcePolicy(settings: Settings): OutboundPolicy {
  return new OutboundPolicy(settings.sync.allowedHosts, 'SYNC_ALLOWED_HOSTS');
}

const NOT_HTTP_URL = 'expected an absolute http or https URL.';

/** The `url` problem for each way the outbound policy refuses a source URL. */
function urlProblem(problem: OutboundProblem, setting: string): string {
  return {
    malformed: NOT_HTTP_URL,
    scheme: NOT_HTTP_URL,
    'plain-http': `expected an https URL (plain http only to hosts in ${setting}).`,
    credentials: 'expected a URL without credentials.',
    'not-public': `expected a public address (private ones only for hosts in ${setting}).`,
  }[problem];
}

/**
 * Checks an untrusted source configuration: a known adapter, an http(s) URL (that `policy`, when given, accepts:
 * administrators' input), and a valid mapping exactly when the adapter is the generic one. The problem names the
 * field at fault.
 */
export function parseSourceConfig(
  value: Record<string, unknown>,
  policy?: OutboundPolicy,
): { config: SourceConfig } | { field: string; problem: string } {
  const first = parseEndpoint(value, policy, '');
  if ('problem' in first) return first;
  const { fallbacks } = value as { fallbacks?: unknown };
  if (fallbacks === undefined || fallbacks === null) return { config: { ...first.endpoint, fallbacks: [] } };
  if (!Array.isArray(fallbacks) || fallbacks.length > MAX_FALLBACKS)
    return {
      field: 'fallbacks',
      problem: `expected a list of at most ${MAX_FALLBACKS} sources {adapter, url, mapping?}.`,
    };
  const read: SourceEndpoint[] = [];
  for (const [i, fallback] of fallbacks.entries()) {
    if (typeof fallback !== 'object' || fallback === null || Array.isArray(fallback))
      return { field: `fallbacks[${i}]`, problem: 'expected an object {adapter, url, mapping?}.' };
    const parsed = parseEndpoint(fallback as Record<string, unknown>, policy, `fallbacks[${i}].`);
    if ('problem' in parsed) return parsed;
    read.push(parsed.endpoint);
  }
  return { config: { ...first.endpoint, fallbacks: read } };
}

/** One publication's adapter, URL and mapping; problems name the field under `prefix` (`fallbacks[0].url`). */
function parseEndpoint(
  value: Record<string, unknown>,
  policy: OutboundPolicy | undefined,
  prefix: string,
): { endpoint: SourceEndpoint } | { field: string; problem: string } {
  const { adapter, url, mapping } = value as { adapter: unknown; url: unknown; mapping?: unknown };
  if (typeof adapter !== 'string' || !(ADAPTER_NAMES as readonly string[]).includes(adapter))
    return { field: `${prefix}adapter`, problem: `expected one of ${ADAPTER_NAMES.join(', ')}.` };
  if (typeof url !== 'string' || !isHttpUrl(url)) return { field: `${prefix}url`, problem: NOT_HTTP_URL };
  const placeholder = placeholderProblem(url, adapter);
  if (placeholder !== null) return { field: `${prefix}url`, problem: placeholder };
  const refused = policy ? policy.problemWith(url) : null;
  if (policy && refused !== null)
    return { field: `${prefix}url`, problem: urlProblem(refused, policy.setting) };
  if (adapter !== 'generic') {
    if (mapping !== undefined && mapping !== null)
      return { field: `${prefix}mapping`, problem: `only the generic adapter takes a mapping.` };
    return { endpoint: { adapter: adapter as AdapterName, url, mapping: null } };
  }
  const parsed = parseSourceMapping(mapping);
  if ('problem' in parsed) return { field: `${prefix}mapping`, problem: `${parsed.problem}.` };
  // The draw numbers after the last one read: the mapping must say where a draw's number is.
  if (namesContest(url) && parsed.mapping.contest === undefined)
    return { field: `${prefix}mapping`, problem: "a URL with {contest} needs the mapping's contest field." };
  return { endpoint: { adapter: 'generic', url, mapping: parsed.mapping } };
}

const KNOWN_PLACEHOLDERS = URL_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** A `{…}` the URL may not hold: one that is not a placeholder, or any where the adapter builds its own query. */
function placeholderProblem(url: string, adapter: string): string | null {
  const unknown = unknownUrlPlaceholder(url);
  if (unknown !== null)
    return `${unknown} is not a placeholder (known: ${KNOWN_PLACEHOLDERS}, in the path or the query).`;
  if (placeholderOutsidePathAndQuery(new URL(url)))
    return `placeholders go in the path or the query, not the host (known: ${KNOWN_PLACEHOLDERS}).`;
  if (adapter !== 'generic' && url.includes('{'))
    return `placeholders (${KNOWN_PLACEHOLDERS}) are for the generic adapter only.`;
  return null;
}

function isHttpUrl(text: string): boolean {
  if (text.length > 2000) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** How a source is named in provenance and conflicts: "adapter url". */
export function sourceLabel(config: { adapter: string; url: string }): string {
  return `${config.adapter} ${config.url}`;
}
