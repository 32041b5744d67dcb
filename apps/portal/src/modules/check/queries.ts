import { useMutation } from '@tanstack/react-query';
import type { Lottery } from '../../app/api-types';
import type { Client } from '../../app/sdk';
import { tabMemory } from '../../app/tab-memory';
import { lastConnection } from '../tokens/queries';
import type { CheckOutcome } from './check-results';
import type { ParsedLines } from './ticket-lines';

/** Which draws to check, as `client.check` takes them: none (the latest draw), one date, or a range. */
export type DrawsToCheck = { date: string } | { from?: string; to?: string };

export interface CheckRequest {
  lottery: Lottery;
  lines: ParsedLines;
  draws: DrawsToCheck;
}

/** The last results of this tab, with the token they were had with. */
interface KeptOutcome {
  tokenId: string;
  outcome: CheckOutcome;
}
const OUTCOME_MEMORY = 'check-outcome';

/** The last results of this tab, if they were had with the token the page resumes with. */
export function rememberedOutcome(): CheckOutcome | null {
  const kept = tabMemory.get<KeptOutcome>(OUTCOME_MEMORY);
  return kept && kept.tokenId === lastConnection()?.token.id ? kept.outcome : null;
}

/** Another token is chosen: the results had with the previous one are not shown again. */
export function forgetOutcome(): void {
  tabMemory.delete(OUTCOME_MEMORY);
}

/**
 * Checks the lines with the token in use (one metered request, so a mutation: sent when asked, never again by
 * itself). The results are kept for the tab: back from a draw's page, the page shows them again.
 */
export function useCheckNumbers() {
  return useMutation({
    onMutate: forgetOutcome,
    mutationFn: async ({
      client,
      lottery,
      lines,
      draws,
    }: CheckRequest & { client: Client; tokenId: string }): Promise<CheckOutcome> => {
      const result = await client.check(lottery.tag, lines.tickets, draws);
      // The answer's shape follows the question (a date or a range), never the number of draws found.
      const range = 'from' in draws || 'to' in draws;
      return { result, lottery, lineNumbers: lines.lineNumbers, range };
    },
    onSuccess: (outcome, { tokenId }) => tabMemory.set<KeptOutcome>(OUTCOME_MEMORY, { tokenId, outcome }),
  });
}
