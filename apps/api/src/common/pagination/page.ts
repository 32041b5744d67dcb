import { MAX_PAGE_SIZE, PageQueryDto } from './page-query.dto';

/** The page actually applied: limit defaults to 15 and is capped at 15; offset defaults to 0. */
export interface Page {
  limit: number;
  offset: number;
}

export function pageOf(query: PageQueryDto): Page {
  return { limit: Math.min(query.limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE), offset: query.offset ?? 0 };
}

/** The envelope's figures without the list (also sent as headers by the bare-array search). */
export interface PageFigures {
  limit: number;
  offset: number;
  more: boolean;
  total: number;
}

export function pageFigures(page: Page, returned: number, total: number): PageFigures {
  return { limit: page.limit, offset: page.offset, more: page.offset + returned < total, total };
}

/**
 * The seed's envelope `{ <listKey>: [...], limit, offset, more, total }`; with `limit=0` the list key is omitted.
 * Callers skip the list query entirely when page.limit is 0.
 */
export function envelope<K extends string, T>(
  listKey: K,
  page: Page,
  items: T[],
  total: number,
): PageFigures & Partial<Record<K, T[]>> {
  const figures = pageFigures(page, items.length, total);
  if (page.limit === 0) return figures as PageFigures & Partial<Record<K, T[]>>;
  return { [listKey]: items, ...figures } as PageFigures & Partial<Record<K, T[]>>;
}

/**
 * The same envelope built from items that are already JSON (the read model keeps its answers serialized), with
 * the keys in the order envelope() gives them. `itemsJson` is the inside of the array; `returned` its length.
 */
export function envelopeJson(
  listKey: string,
  page: Page,
  itemsJson: string,
  returned: number,
  total: number,
): string {
  const { limit, offset, more } = pageFigures(page, returned, total);
  const figures = `"limit":${limit},"offset":${offset},"more":${more},"total":${total}}`;
  return page.limit === 0 ? `{${figures}` : `{${JSON.stringify(listKey)}:[${itemsJson}],${figures}`;
}
