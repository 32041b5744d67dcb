import { LotteryApiError } from '@lottery-results/sdk';
import type { Draw, DrawPrizes } from '../../app/api-types';
import type { Client } from '../../app/sdk';
import type { DrawAddress } from './draw-path';

/** The API's 404 for a draw that exists but whose prizes are not stored (yet). */
export const NO_PRIZES_MESSAGE = 'No prizes were found for draw.';

export function isNoPrizes(error: unknown): boolean {
  return error instanceof LotteryApiError && error.status === 404 && error.message === NO_PRIZES_MESSAGE;
}

/** A draw's numbers and what it paid (null: not published yet). */
export interface DrawView {
  draw: Draw;
  prizes: DrawPrizes | null;
}

const orNoPrizes = (error: unknown): null => {
  if (isNoPrizes(error)) return null;
  throw error;
};

/**
 * Two metered requests: the draw's numbers and its prizes. The latest draw is read first, so that its prizes are
 * those of the very draw shown (the last round of the latest date).
 */
export async function loadDraw(client: Client, { tag, date, round }: DrawAddress): Promise<DrawView> {
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
