import type { ConflictStatus, Lottery } from '../../app/api-types';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { lotteryListKey } from '../../components/use-lottery-list';
import { useClient } from '../../app/session';
import { allLicenses } from './licenses';

/** Rows per page of the administrators' lists (the API's largest page). */
export const PAGE_SIZE = 15;
/** A conflict is a tall card: five to a page. */
export const CONFLICT_PAGE_SIZE = 5;

export interface AccountsQuery {
  email: string;
  offset: number;
}

export interface DrawsQuery {
  offset: number;
  from: string;
  to: string;
}

/**
 * The administration pages' cache keys. Each family is a prefix of its pages' keys, so that a write invalidates
 * a whole family at once (every page of the lotteries, say) and each page reading it follows.
 */
export const adminKeys = {
  all: ['admin'] as const,
  lotteries: () => [...adminKeys.all, 'lotteries'] as const,
  lotteryPage: (offset: number) => [...adminKeys.lotteries(), 'page', offset] as const,
  allLotteries: () => [...adminKeys.lotteries(), 'all'] as const,
  draws: (tag: string) => [...adminKeys.all, 'draws', tag] as const,
  drawPage: (tag: string, query: DrawsQuery) => [...adminKeys.draws(tag), query] as const,
  licenses: () => [...adminKeys.all, 'licenses'] as const,
  accounts: () => [...adminKeys.all, 'accounts'] as const,
  accountPage: (query: AccountsQuery) => [...adminKeys.accounts(), query] as const,
  sources: () => [...adminKeys.all, 'sources'] as const,
  conflicts: () => [...adminKeys.all, 'conflicts'] as const,
  conflictPage: (status: ConflictStatus | 'all', offset: number) =>
    [...adminKeys.conflicts(), status, offset] as const,
};

/** After a lottery is added or changed: the administrators' lists, and the lottery pickers' shared list. */
export function invalidateLotteries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.lotteries() }),
    queryClient.invalidateQueries({ queryKey: lotteryListKey }),
  ]).then(() => undefined);
}

/** One page of the lotteries, through the administrators' list (by JWT, not metered). */
export function useLotteryPage(offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.lotteryPage(offset),
    queryFn: () => client.admin.lotteries.list({ limit: PAGE_SIZE, offset }),
    // The page on screen stays while the next one loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Every lottery, page by page (for pickers and the draws page). */
export function useAllLotteries() {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.allLotteries(),
    queryFn: async () => {
      const all: Lottery[] = [];
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await client.admin.lotteries.list({ limit: PAGE_SIZE, offset });
        all.push(...(page.lotteries ?? []));
        if (!page.more) return all;
      }
    },
  });
}

export function useLicenses() {
  const client = useClient();
  return useQuery({ queryKey: adminKeys.licenses(), queryFn: () => allLicenses(client) });
}

export function useAccountsPage(query: AccountsQuery) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.accountPage(query),
    queryFn: () =>
      client.admin.accounts.list({
        email: query.email || undefined,
        limit: PAGE_SIZE,
        offset: query.offset,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The stored draws of one lottery, newest first; nothing is asked before a lottery is chosen. */
export function useDrawsPage(tag: string, query: DrawsQuery) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.drawPage(tag, query),
    queryFn: () =>
      client.admin.draws.list(tag, {
        limit: PAGE_SIZE,
        offset: query.offset,
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
      }),
    enabled: tag !== '',
    // Another page of the same lottery keeps the one on screen while it loads; another lottery does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tag ? previous : undefined),
  });
}
