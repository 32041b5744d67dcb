import type { Lottery, Token } from '../../app/api-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateTokenDto } from '@lottery-results/sdk';
import { tokenClient, type Client } from '../../app/sdk';
import { useClient } from '../../app/session';
import { tabMemory } from '../../app/tab-memory';
import type { TokenChoice } from '../../components/token-choice';
import type { NewToken } from './token-form';

/** A token in use: the secret `client` sends (the one the banner names) and the lotteries it may read. */
export interface Connection {
  token: TokenChoice;
  client: Client;
  lotteries: Lottery[];
}

/** Rows per page of the tokens list. */
export const PAGE_SIZE = 15;

/**
 * The tokens' cache keys. Every read is under `all`, so that a write invalidates the tokens page and the Try it
 * page's token list at once.
 */
export const tokenKeys = {
  all: ['tokens'] as const,
  page: (offset: number) => [...tokenKeys.all, 'page', offset] as const,
  every: () => [...tokenKeys.all, 'every'] as const,
};

/** One page of the account's tokens. */
export function useTokenPage(offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: tokenKeys.page(offset),
    queryFn: () => client.tokens.list({ limit: PAGE_SIZE, offset }),
    // The page on screen stays while the next one loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Every token of the account, page by page (for pickers). */
export function useAllTokens() {
  const client = useClient();
  return useQuery({
    queryKey: tokenKeys.every(),
    queryFn: async () => {
      const list: Token[] = [];
      for await (const token of client.tokens()) list.push(token);
      return list;
    },
  });
}

/** After any write: every list of tokens reads again. */
function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

export function useCreateToken() {
  const client = useClient();
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (token: NewToken) => client.tokens.create(token),
    onSuccess: invalidate,
  });
}

export function useUpdateToken() {
  const client = useClient();
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTokenDto }) =>
      client.tokens.update(id, changes),
    onSuccess: invalidate,
  });
}

export function useRollToken() {
  const client = useClient();
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: ({ id, graceSeconds }: { id: string; graceSeconds: number }) =>
      client.tokens.roll(id, { graceSeconds }),
    onSuccess: invalidate,
  });
}

export function useDeleteToken() {
  const client = useClient();
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (id: string) => client.tokens.delete(id),
    onSuccess: invalidate,
  });
}

/** The connection made last in this tab, on any metered page (kept in memory only, forgotten on log-out). */
const LAST_CONNECTION = 'token-connection';

/** The token last used in this tab, if any: a page opened from another one (a draw's page) carries on with it. */
export function lastConnection(): Connection | null {
  return tabMemory.get<Connection>(LAST_CONNECTION) ?? null;
}

/**
 * Uses a token on a metered page: its client, and the lotteries it may read (the first metered call, which also
 * proves the secret). The connection made is the tab's last one, which a page opened next may carry on with.
 */
export function useConnectToken() {
  return useMutation({
    onMutate: () => tabMemory.delete(LAST_CONNECTION),
    mutationFn: async (token: TokenChoice): Promise<Connection> => {
      const client = tokenClient(token.secret);
      const lotteries: Lottery[] = [];
      for await (const lottery of client.lotteries()) lotteries.push(lottery);
      return { token, client, lotteries };
    },
    onSuccess: (connection) => tabMemory.set(LAST_CONNECTION, connection),
  });
}
