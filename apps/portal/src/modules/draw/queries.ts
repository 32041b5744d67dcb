import { skipToken, useQuery } from '@tanstack/react-query';
import type { Client } from '../../app/sdk';
import type { DrawAddress } from './draw-path';
import { isNoPrizes, type DrawView } from './draw-view';

export const drawKeys = {
  all: ['draw-view'] as const,
  /** A draw as read with one token: another token chosen on the page reads it again, as the page says. */
  view: (tokenId: string, { tag, date, round }: DrawAddress) =>
    [...drawKeys.all, tokenId, tag, date, round ?? null] as const,
};

const orNoPrizes = (error: unknown): null => {
  if (isNoPrizes(error)) return null;
  throw error;
};

/**
 * Two metered requests: the draw's numbers and its prizes. The latest draw is read first, so that its prizes are
 * those of the very draw shown (the last round of the latest date).
 */
async function loadDraw(client: Client, { tag, date, round }: DrawAddress): Promise<DrawView> {
  if (date === 'latest') {
    const draw = await client.lottery.latest(tag);
    const prizes = await client.prizes(tag, draw.date, draw.round).catch(orNoPrizes);
    return { draw, prizes };
  }
  const [draw, prizes] = await Promise.all([
    client.lottery.byDate(tag, date, round ? { round } : {}),
    client.prizes(tag, date, round).catch(orNoPrizes),
  ]);
  return { draw, prizes };
}

/** How long a view of the latest draw is taken as current: a new draw may come out while the tab is open. */
const LATEST_STALE_MS = 5 * 60_000;

/**
 * A draw's numbers and prizes, read with the page's token (null: none yet). Each read costs two requests of the
 * holder's quota, so a dated draw is read once (its numbers do not change) and nothing is read again on focus;
 * Retry reads again after a failure.
 */
export function useDrawView(
  connection: { client: Client; token: { id: string } } | null,
  address: DrawAddress,
) {
  return useQuery({
    queryKey: drawKeys.view(connection?.token.id ?? '', address),
    // Nothing is read until the page has a token.
    queryFn: connection ? () => loadDraw(connection.client, address) : skipToken,
    staleTime: address.date === 'latest' ? LATEST_STALE_MS : Infinity,
    refetchOnWindowFocus: false,
  });
}
