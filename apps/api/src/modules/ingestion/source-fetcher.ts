/** Answers larger than this are refused: a few hundred draws take tens of kilobytes. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The source could not be read: unreachable, too slow, an HTTP error, too large. */
export class SourceFetchError extends Error {}

/**
 * GETs a source's URL with a deadline covering the whole answer (headers and body), so a source that hangs or
 * trickles costs at most `timeoutMs`. Only a 2xx answer's text is returned.
 */
export async function fetchSource(
  url: string,
  options: { timeoutMs: number; userAgent: string; signal?: AbortSignal },
): Promise<string> {
  // The caller's signal stops a fetch at shutdown.
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { Accept: 'application/json, text/csv;q=0.9, */*;q=0.1', 'User-Agent': options.userAgent },
    });
  } catch (error) {
    throw new SourceFetchError(describeFailure(error, options.timeoutMs));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFetchError(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFetchError(`the answer is too large (${declared} bytes)`);
  }
  try {
    return await readCapped(response);
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    throw new SourceFetchError(describeFailure(error, options.timeoutMs));
  }
}

/** The body as text, read chunk by chunk so that an endless answer is cut at the cap rather than buffered. */
async function readCapped(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body === null) return '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new SourceFetchError(`the answer is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no complete answer within ${timeoutMs} ms`;
  // fetch wraps the network error (ECONNREFUSED, ENOTFOUND, a reset) in `cause`.
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return `unreachable: ${cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error)}`;
}
