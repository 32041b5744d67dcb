import type { ChangesService, DrawChangeDto, DrawDto, DrawPrizesDto, OpenAPIConfig } from './generated';
import type { ApiRequestOptions } from './generated/core/ApiRequestOptions';
import { getHeaders, getQueryString, getResponseBody } from './generated/core/request';
import { LotteryApiError } from './errors';

/** What `exportDraws` takes: the range and whether each draw carries what it paid. */
export interface ExportQuery {
  /** Inclusive bounds, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  /** Adds each draw's stored prizes (`prizes`, or null where none are stored). */
  prizes?: boolean;
}

/** A draw of an export: the Draw of the draw routes, with `prizes` when asked for (the `/prizes` answer without `lottery`). */
export type ExportedDraw = DrawDto & { prizes?: Omit<DrawPrizesDto, 'lottery'> | null };

export type ExportFormat = 'csv' | 'json' | 'ndjson';

/** The export as the API sent it, to save: its body as a stream (null on a 304) and what identifies the version. */
export interface RawExport {
  /** false when `ifNoneMatch` still matched (304): nothing changed, `body` is null. */
  modified: boolean;
  body: ReadableStream<Uint8Array> | null;
  /** Send it back as `ifNoneMatch` to download only when something changed. */
  etag: string | null;
  lastModified: string | null;
  /** `<tag>-draws.<format>` */
  filename: string;
}

/**
 * `exportDraws(tag)`: the whole history (or a range) in one request, one unit of quota. Iterated, it yields typed
 * draws newest first, read from the NDJSON export as it arrives (never the whole history in one string); `raw()`
 * gives the answer's bytes in any format, to save, with the ETag to ask again only when something changed.
 */
export interface DrawExport extends AsyncIterable<ExportedDraw> {
  raw(options?: { format?: ExportFormat; ifNoneMatch?: string }): Promise<RawExport>;
}

export function drawExport(config: OpenAPIConfig, tag: string, query: ExportQuery): DrawExport {
  const request = async (format: ExportFormat, ifNoneMatch?: string) => {
    const options: ApiRequestOptions = {
      method: 'GET',
      url: '/lottery/{tag}/draws/export',
      path: { tag },
      query: { format, from: query.from, to: query.to, prizes: query.prizes },
    };
    const headers = await getHeaders(config, options);
    if (ifNoneMatch) headers.set('If-None-Match', ifNoneMatch);
    const url = `${config.BASE}/lottery/${encodeURIComponent(tag)}/draws/export${getQueryString(options.query!)}`;
    const response = await fetch(url, { method: 'GET', headers });
    if (!response.ok && response.status !== 304)
      throw new LotteryApiError(options, response, await getResponseBody(response));
    return response;
  };
  return {
    async raw({ format = 'csv', ifNoneMatch } = {}) {
      const response = await request(format, ifNoneMatch);
      return {
        modified: response.status !== 304,
        body: response.status === 304 ? null : response.body,
        etag: response.headers.get('ETag'),
        lastModified: response.headers.get('Last-Modified'),
        filename: `${tag}-draws.${format}`,
      };
    },
    async *[Symbol.asyncIterator]() {
      const response = await request('ndjson');
      if (!response.body) return;
      const decoder = new TextDecoder();
      let pending = '';
      // One draw per line: each complete line is parsed as it arrives.
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (line) yield JSON.parse(line) as ExportedDraw;
      }
      pending += decoder.decode();
      if (pending.trim()) yield JSON.parse(pending) as ExportedDraw;
    },
  };
}

/** What `followChanges` takes. */
export interface FollowOptions {
  /** A cursor saved from `onCursor`; omitted: from now (follow what changes from here on, after an export). */
  since?: string;
  /** Only these lotteries' events. */
  lotteries?: string[];
  /** How long to wait between polls once caught up, in milliseconds; default 60,000. */
  pollIntervalMs?: number;
  /** Called with the cursor after each page's events were all consumed: save it to resume there. */
  onCursor?: (cursor: string) => void | Promise<void>;
  /** Ends the iteration (between pages, or during the wait between polls). */
  signal?: AbortSignal;
}

const PAGE = 1000;
const MAX_WAIT_SECONDS = 60;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((wake) => {
    if (signal?.aborted) return wake();
    const timer = setTimeout(wake, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        wake();
      },
      { once: true },
    );
  });

/**
 * The change feed as an endless async iterable: every draw event (`draw.published`, `draw.corrected`,
 * `draw.deleted`, `draw.prizes`, the webhook bodies) once, in commit order; pages of 1000 until caught up, then a
 * poll every `pollIntervalMs`. A page refused with 429 is asked again after Retry-After; any other error (410: the
 * cursor is older than the history, export again) ends the iteration with it.
 */
export async function* followChanges(
  changes: ChangesService,
  options: FollowOptions = {},
): AsyncGenerator<DrawChangeDto, void, undefined> {
  const lotteries = options.lotteries?.length ? options.lotteries.join(',') : undefined;
  let since = options.since ?? (await changes.getChanges({ lotteries })).next;
  while (!options.signal?.aborted) {
    let page;
    try {
      page = await changes.getChanges({ since, lotteries, limit: PAGE });
    } catch (error) {
      const wait = error instanceof LotteryApiError && error.status === 429 ? (error.retryAfter ?? 1) : null;
      if (wait === null || wait > MAX_WAIT_SECONDS) throw error;
      await sleep(wait * 1000, options.signal);
      continue;
    }
    yield* page.changes;
    since = page.next;
    await options.onCursor?.(since);
    if (!page.more) await sleep(options.pollIntervalMs ?? 60_000, options.signal);
  }
}
