import type { Token } from '../../app/api-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateTokenDto } from '@lottery-results/sdk';
import { useClient } from '../../app/session';
import type { NewToken } from './token-form';

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
