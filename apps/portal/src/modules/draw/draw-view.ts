import { LotteryApiError } from '@lottery-results/sdk';
import type { Draw, DrawPrizes } from '../../app/api-types';

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
