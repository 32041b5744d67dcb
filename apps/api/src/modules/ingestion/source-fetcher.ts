import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { OutboundRefusal, type OutboundPolicy } from '../../common/net/outbound-policy';
import { MAX_ANSWER_BYTES, type SourceRequest } from './adapters/source-adapter';

/** Answers larger than this are refused: a few hundred draws take tens of kilobytes. */
const MAX_BODY_BYTES = MAX_ANSWER_BYTES;
/** Redirects followed at most (each one checked against the policy as the first URL was). */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The source could not be read: refused by the outbound policy, unreachable, too slow, an HTTP error, too large.
 * Its message never quotes the answer (it is shown to administrators, logged and printed): the answer may come
 * from a host the service can reach and they cannot.
 */
export class SourceFetchError extends Error {
  /** `status`: the HTTP status the source answered, where it answered one (a per-draw API's 404: not yet). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  /** SYNC_ALLOWED_HOSTS' policy: which URLs and addresses may be fetched. */
  policy: OutboundPolicy;
  timeoutMs: number;
  userAgent: string;
  signal?: AbortSignal;
}

/** What a source said about the version of its answer (its `ETag` and `Last-Modified`), as it said it. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** A fetched answer: its bytes and validators, or, to a conditional GET, that it has not changed (304). */
export type SourceAnswer =
  | { notModified: false; body: Buffer; validators: Validators | null }
  | { notModified: true; validators: Validators | null };

/** A validator longer than this is not kept (it is sent back on the next request). */
const MAX_VALIDATOR_LENGTH = 256;

/**
 * Fetches a source under the outbound policy (a GET of `request` when it is a URL; otherwise its method, headers
 * and body), with a deadline covering the whole exchange (redirects, headers and body), so a source that hangs or
 * trickles costs at most `timeoutMs`. A redirect is followed only to a URL the policy accepts, each hop checked
 * again (its addresses in its own connection's lookup), at most MAX_REDIRECTS times; a 303, or a 301/302 after a
 * POST, is followed with a GET (as browsers do), a 307/308 repeats the request. Only a 2xx answer's bytes are
 * returned: the adapter decodes them (parseAnswer).
 */
export async function fetchSource(request: string | SourceRequest, options: FetchOptions): Promise<Buffer> {
  const answer = await fetchSourceAnswer(request, options);
  // Without validators no request is conditional: a 304 is an error of the source's (fetchSourceAnswer).
  return (answer as Extract<SourceAnswer, { notModified: false }>).body;
}

/**
 * fetchSource, conditional when `validators` are given and the request is a GET: they are sent as `If-None-Match`
 * and `If-Modified-Since`, and a 304 answers `notModified` (nothing to read). A 2xx answer comes with the
 * validators it carries, for the next request. A 304 to a request that was not conditional is an HTTP error.
 */
export async function fetchSourceAnswer(
  request: string | SourceRequest,
  options: FetchOptions & { validators?: Validators | null },
): Promise<SourceAnswer> {
  let outgoing: SourceRequest =
    typeof request === 'string' ? { url: request, method: 'GET', headers: {}, body: null } : request;
  // Only a GET asks conditionally (and every hop of it: a redirect's target is what the validators describe).
  const conditional = outgoing.method === 'GET' ? conditionalHeaders(options.validators) : {};
  // The caller's signal stops a fetch at shutdown.
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let target: URL;
  try {
    target = new URL(outgoing.url);
  } catch {
    throw new SourceFetchError(`refused: ${options.policy.describe('malformed')}`);
  }
  for (let redirects = 0; ; redirects++) {
    const response = await send(target, outgoing, conditional, options, signal, redirects);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location !== undefined) {
      response.destroy();
      if (redirects === MAX_REDIRECTS)
        throw new SourceFetchError(`too many redirects (more than ${MAX_REDIRECTS})`);
      target = nextHop(target, location, status, options.policy);
      if (status === 303 || (outgoing.method === 'POST' && (status === 301 || status === 302)))
        outgoing = { ...outgoing, method: 'GET', headers: withoutContentType(outgoing.headers), body: null };
      continue;
    }
    if (status === 304 && Object.keys(conditional).length > 0) {
      response.destroy();
      // A 304 may name the validators anew; otherwise the ones sent still hold.
      return { notModified: true, validators: validatorsOf(response) ?? options.validators ?? null };
    }
    if (status < 200 || status > 299) {
      response.destroy();
      // The standard reason, not the answer's: a status line is remote text too.
      throw new SourceFetchError(`HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim(), status);
    }
    const body = await readCapped(response, options.timeoutMs, signal);
    return { notModified: false, body, validators: validatorsOf(response) };
  }
}

function conditionalHeaders(validators: Validators | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['If-None-Match'] = validators.etag;
  if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
  return headers;
}

/**
 * The answer's ETag and Last-Modified, kept only when they can be sent back as they are: printable ASCII, short,
 * and a date that reads as one (null when it has neither).
 */
function validatorsOf(response: IncomingMessage): Validators | null {
  const usable = (value: string | undefined) =>
    value !== undefined && value.length <= MAX_VALIDATOR_LENGTH && /^[\x20-\x7e]+$/.test(value)
      ? value
      : null;
  const etag = usable(response.headers.etag);
  const lastModified = usable(response.headers['last-modified']);
  const validators = {
    etag,
    lastModified: lastModified !== null && !Number.isNaN(Date.parse(lastModified)) ? lastModified : null,
  };
  return validators.etag === null && validators.lastModified === null ? null : validators;
}

/** One request; its failure as a SourceFetchError that names the hop when it is a redirect's. */
function send(
  url: URL,
  outgoing: SourceRequest,
  conditional: Record<string, string>,
  options: FetchOptions,
  signal: AbortSignal,
  hop: number,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(new SourceFetchError(describeFailure(error, options, signal, hop)));
    try {
      // The mapping's headers were checked (parseRequestOptions): none of them is the service's own.
      const headers: Record<string, string> = {
        Accept: 'application/json, text/csv;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
        ...outgoing.headers,
        ...conditional,
        'User-Agent': options.userAgent,
      };
      const body = outgoing.body === null ? null : Buffer.from(outgoing.body, 'utf8');
      if (body !== null) headers['Content-Length'] = String(body.length);
      const request = options.policy.request(url, { method: outgoing.method, signal, headers });
      request.on('response', resolve);
      request.on('error', fail);
      request.end(body ?? undefined);
    } catch (error) {
      fail(error);
    }
  });
}

/** The redirect's target when the policy accepts it (it is not named otherwise: it comes from the answer). */
function nextHop(from: URL, location: string, status: number, policy: OutboundPolicy): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new SourceFetchError(`refused a redirect (HTTP ${status}): its target is not a URL`);
  }
  const problem = policy.problemWith(next);
  if (problem !== null)
    throw new SourceFetchError(`refused a redirect (HTTP ${status}): ${policy.describe(problem)}`);
  return next;
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'),
  );
}

/** The body's bytes, read chunk by chunk so that an endless answer is cut at the cap rather than buffered. */
async function readCapped(
  response: IncomingMessage,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    response.destroy();
    throw new SourceFetchError(`the answer is too large (${declared} bytes)`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        response.destroy();
        throw new SourceFetchError(`the answer is larger than ${MAX_BODY_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    // The deadline (or shutdown) destroys the request, which ends the body with an error.
    throw new SourceFetchError(
      signal.aborted
        ? `no complete answer within ${timeoutMs} ms`
        : `unreachable: ${(error as { code?: string }).code ?? (error as Error).message}`,
    );
  }
  return Buffer.concat(chunks);
}

function describeFailure(error: unknown, options: FetchOptions, signal: AbortSignal, hop: number): string {
  if (signal.aborted) return `no complete answer within ${options.timeoutMs} ms`;
  if (error instanceof OutboundRefusal) {
    // The host is not named: after a redirect it comes from the answer.
    const why =
      error.address === null
        ? error.message
        : `the host resolves to ${error.address}, which is not public (allowed only to hosts in ${options.policy.setting})`;
    return hop === 0 ? `refused: ${why}` : `refused a redirect: ${why}`;
  }
  const { code, message } = error as { code?: string; message?: string };
  return `unreachable: ${code ?? message ?? String(error)}`;
}
