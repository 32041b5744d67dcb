import { useMutation } from '@tanstack/react-query';
import type { Lottery, NumberStats } from '../../app/api-types';
import type { Client } from '../../app/sdk';

export interface StatsRequest {
  lottery: Lottery;
  from?: string;
  to?: string;
}

export interface StatsOutcome {
  stats: NumberStats;
  /** The lottery as it was when asked (its name and special name label the figures). */
  lottery: Lottery;
}

/**
 * A lottery's number statistics over a window, with the token in use. A mutation rather than a query although it
 * reads: each request costs a unit of quota, so it is sent when Show is pressed and never again by itself (on
 * focus or coming back, as a query would).
 */
export function useNumberStats() {
  return useMutation({
    mutationFn: async ({
      client,
      lottery,
      from,
      to,
    }: StatsRequest & { client: Client }): Promise<StatsOutcome> => ({
      stats: await client.stats(lottery.tag, { from, to }),
      lottery,
    }),
  });
}
