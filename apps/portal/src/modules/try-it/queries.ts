import { useMutation } from '@tanstack/react-query';
import type { Draw, DrawPrizes } from '../../app/api-types';
import { errorMessage } from '../../app/errors';
import type { Client } from '../../app/sdk';
import { isNoPrizes } from '../draw/draw-view';
import { requestPath, type DrawsRequest } from './snippets';

/** What a request answered: a page of draws, a draw's prizes, or the 404 of prizes not published. */
export type Answer =
  | { kind: 'draws'; path: string; draws: Draw[]; total: number }
  | { kind: 'prizes'; path: string; prizes: DrawPrizes }
  | { kind: 'no-prizes'; path: string; message: string };

/**
 * Sends the request "Try it" shows, with the token in use. A mutation although it reads: each request costs a
 * unit of quota, so it goes when Send is pressed and never again by itself. Prizes not published yet are an
 * answer (the 404 the page explains), not a failure.
 */
export function useTryRequest() {
  return useMutation({
    mutationFn: async ({ client, request }: { client: Client; request: DrawsRequest }): Promise<Answer> => {
      const path = requestPath(request);
      const { tag, route, limit, sortNumber } = request;
      try {
        if ((route ?? 'draws') === 'draws') {
          const page = await client.lottery.draws(tag, { limit, sortNumber });
          return { kind: 'draws', draws: page.draws ?? [], path, total: page.total };
        }
        const prizes =
          route === 'latest-prizes'
            ? await client.latestPrizes(tag)
            : await client.prizes(tag, request.date ?? '', request.round);
        return { kind: 'prizes', prizes, path };
      } catch (error) {
        if (isNoPrizes(error)) return { kind: 'no-prizes', path, message: errorMessage(error) };
        throw error;
      }
    },
  });
}
