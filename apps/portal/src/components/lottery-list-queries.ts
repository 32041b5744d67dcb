import { useQuery } from '@tanstack/react-query';
import type { LotteryChoice } from './lottery-tags';
import { publicClient } from '../app/sdk';

/** The query key of the list of lotteries: one read shared by every page that offers or names lotteries. */
export const lotteryListKey = ['lotteries'] as const;

/** Lotteries rarely change: read the list once in a while, not each time a page opens. */
const LIST_STALE_MS = 10 * 60_000;

/**
 * Every lottery the service carries, page by page, from its public directory: it needs no credential (the
 * landing page reads it too) and spends no quota, unlike the metered list, which takes an API token.
 */
async function readLotteryList(): Promise<LotteryChoice[]> {
  const client = publicClient();
  const lotteries: LotteryChoice[] = [];
  for (let offset = 0; ;) {
    const page = await client.lottery.directory({ offset });
    lotteries.push(...(page.lotteries ?? []).map(({ tag, name }) => ({ tag, name })));
    offset = page.offset + page.limit;
    if (!page.more || page.limit === 0) return lotteries;
  }
}

/** The list of lotteries, read once and shared (key ['lotteries']). */
export function useLotteryList() {
  return useQuery({ queryKey: lotteryListKey, queryFn: readLotteryList, staleTime: LIST_STALE_MS });
}
