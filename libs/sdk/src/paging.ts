import { LotteryApiError } from './errors';

/** The contract's largest page (section 6): iterators ask for it, so a walk takes as few requests as possible. */
export const PAGE_SIZE = 15;

/**
 * A walk through a long list sends requests faster than a license's per-second limit allows (the 352 draws of
 * au_powerball take 24 requests; the free license allows 20/s). So an iterator whose page is refused with 429
 * waits as long as Retry-After says and asks again, up to this many times per page, as long as the wait is short
 * (per-second or per-minute windows). A single call never retries: it rejects with the 429 for the caller to handle.
 */
export const RATE_LIMIT_RETRIES = 5;
const MAX_WAIT_SECONDS = 60;

const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

async function fetchPacing<T>(
  fetchPage: (page: PageRequest) => PromiseLike<PageResult<T>>,
  page: PageRequest,
): Promise<PageResult<T>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetchPage(page);
    } catch (error) {
      const wait =
        error instanceof LotteryApiError && error.status === 429
          ? (error.retryAfter ?? 1)
          : Number.POSITIVE_INFINITY;
      if (attempt > RATE_LIMIT_RETRIES || wait > MAX_WAIT_SECONDS) throw error;
      await sleep(wait * 1000);
    }
  }
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface PageResult<T> {
  items: T[];
  more: boolean;
}

/**
 * The contract's paging procedure: ask for `limit=15` at offset 0, then at the offset after the items received,
 * until the API says there is no `more`. Pages are fetched lazily, one per 15 items consumed; a page refused with
 * 429 is asked again after Retry-After (see RATE_LIMIT_RETRIES). An empty page ends the walk even if `more` were
 * true, so a shrinking list can never loop forever.
 */
export async function* paginate<T>(
  fetchPage: (page: PageRequest) => PromiseLike<PageResult<T>>,
): AsyncGenerator<T, void, undefined> {
  let offset = 0;
  for (;;) {
    const { items, more } = await fetchPacing(fetchPage, { limit: PAGE_SIZE, offset });
    yield* items;
    if (!more || items.length === 0) return;
    offset += items.length;
  }
}

/** An envelope `{ <listKey>: [...], limit, offset, more, total }` (the list key is absent when limit=0). */
export type Envelope<K extends string, T> = { [P in K]?: T[] } & { more: boolean };

/** Walks a list endpoint that answers with the envelope. */
export function paginateEnvelope<K extends string, T>(
  listKey: K,
  fetchPage: (page: PageRequest) => PromiseLike<Envelope<K, T>>,
): AsyncGenerator<T, void, undefined> {
  return paginate(async (page) => {
    const envelope = await fetchPage(page);
    return { items: envelope[listKey] ?? [], more: envelope.more };
  });
}

/**
 * Whether a bare-array page has a successor, from the envelope's figures sent as headers: `X-More`, else
 * `X-Total-Count`, else (headers stripped by a proxy) whether the page came back full.
 */
export function moreFromHeaders(headers: Headers, page: PageRequest, received: number): boolean {
  const more = headers.get('X-More');
  if (more !== null) return more.trim().toLowerCase() === 'true';
  const total = Number(headers.get('X-Total-Count') ?? Number.NaN);
  if (Number.isInteger(total)) return page.offset + received < total;
  return received >= page.limit;
}
