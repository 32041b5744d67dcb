/**
 * What a generic source's request carries besides its URL: headers a feed asks automated clients for (Veikkaus:
 * `X-ESA-API-Key: ROBOT`), and a POST body (The Lott). Checked as admin input; stored and shown with the source,
 * so no credential goes here.
 */
export interface RequestOptions {
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** POST only: text, or a JSON object (sent as application/json); '{since}' in its text becomes the date. */
  body?: string | object;
}

const MAX_HEADERS = 20;
const MAX_BODY_CHARS = 10_000;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
const VALUE = /^[\x20-\x7e]{0,500}$/;

/** Headers that are the connection's or the service's own: a mapping never sets them. */
const SERVICE_HEADERS: Record<string, string> = {
  connection: 'hop-by-hop',
  'keep-alive': 'hop-by-hop',
  'proxy-connection': 'hop-by-hop',
  te: 'hop-by-hop',
  trailer: 'hop-by-hop',
  'transfer-encoding': 'hop-by-hop',
  upgrade: 'hop-by-hop',
  host: 'the service sets it',
  'content-length': 'the service sets it',
  expect: 'the service sets it',
  'user-agent': 'the service sets it: it names the software',
  'accept-encoding': 'the service sets it: answers are read uncompressed',
};
/** Names that carry credentials, which would be shown wherever the source is (admin views, exports). */
const CREDENTIAL = /auth|cookie|token|secret|passw|session|key|signature/i;
/** Credential-like names a feed documents with a public value (Veikkaus asks robots for `X-ESA-API-Key: ROBOT`). */
export const ALLOWED_KEY_HEADERS = ['x-esa-api-key'];

const REFUSED =
  'refused: the hop-by-hop Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Transfer-Encoding, Upgrade; ' +
  "the service's Host, Content-Length, Expect, User-Agent, Accept-Encoding; credentials (Authorization, Cookie, " +
  'names with auth, token, secret, password, session, key or signature) except X-ESA-API-Key';

/** Checks `headers`, `method` and `body` of an untrusted mapping; the problem names the key at fault. */
export function parseRequestOptions(input: {
  headers?: unknown;
  method?: unknown;
  body?: unknown;
}): { options: RequestOptions } | { problem: string } {
  const { headers, method, body } = input;
  const options: RequestOptions = {};
  if (headers !== undefined) {
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Array.isArray(headers) ||
      Object.keys(headers).length > MAX_HEADERS ||
      !Object.entries(headers).every(
        ([name, value]) => TOKEN.test(name) && typeof value === 'string' && VALUE.test(value),
      )
    )
      return {
        problem: `headers must map up to ${MAX_HEADERS} header names to values of printable ASCII (500 characters at most)`,
      };
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      const why = SERVICE_HEADERS[lower];
      if (why !== undefined) return { problem: `headers may not set ${name} (${why}); ${REFUSED}` };
      if (CREDENTIAL.test(lower) && !ALLOWED_KEY_HEADERS.includes(lower))
        return {
          problem: `headers may not set ${name} (credentials are not stored in a mapping); ${REFUSED}`,
        };
    }
    options.headers = { ...(headers as Record<string, string>) };
  }
  if (method !== undefined && method !== 'GET' && method !== 'POST')
    return { problem: "method must be 'GET' or 'POST'" };
  if (body !== undefined) {
    if (method !== 'POST') return { problem: "body needs method 'POST'" };
    const plainObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (typeof body !== 'string' && !plainObject) return { problem: 'body must be text or a JSON object' };
    if ((typeof body === 'string' ? body : JSON.stringify(body)).length > MAX_BODY_CHARS)
      return { problem: `body must be at most ${MAX_BODY_CHARS} characters` };
    options.body = typeof body === 'string' ? body : (JSON.parse(JSON.stringify(body)) as object);
  }
  if (method !== undefined) options.method = method;
  return { options };
}

/**
 * The method, headers and body of a request from `since` ('YYYY-MM-DD', or null when nothing is stored yet: a
 * JSON property that needs the date is then left out, and in text '{since}' becomes empty). A JSON body is sent
 * as application/json and a text body as text/plain, unless the mapping's headers say otherwise.
 */
export function requestParts(
  options: RequestOptions,
  since: string | null,
): { method: 'GET' | 'POST'; headers: Record<string, string>; body: string | null } {
  const headers = { ...options.headers };
  const method = options.method ?? 'GET';
  if (method === 'GET' || options.body === undefined) return { method, headers, body: null };
  const json = typeof options.body !== 'string';
  const body = json
    ? JSON.stringify(withSince(options.body, since))
    : (options.body as string).replaceAll('{since}', since ?? '');
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['Content-Type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
  return { method, headers, body };
}

function withSince(value: unknown, since: string | null): unknown {
  if (typeof value === 'string') return value.replaceAll('{since}', since ?? '');
  if (Array.isArray(value)) return value.map((item) => withSince(item, since));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(
    ([, item]) => !(since === null && typeof item === 'string' && item.includes('{since}')),
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, withSince(item, since)]));
}
