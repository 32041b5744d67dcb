import type { Conflict, ConflictStatus, DrawSource, SyncState } from '../../../app/api-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../app/format';
import { useClient } from '../../../app/session';
import { adminKeys, CONFLICT_PAGE_SIZE, PAGE_SIZE } from '../queries';
import type { SourceBody } from './source-values';

export interface SourcesList {
  states: SyncState[];
  /** The sources of the same lotteries (the sync states do not carry the generic adapter's mapping). */
  sources: Map<string, DrawSource>;
  total: number;
}

/**
 * Every source with its sync state, read page by page: a lottery has one source at most, so the list is as long
 * as the service's lotteries (tens), and the page shows them all, failing ones named above.
 */
export function useSources() {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.sources(),
    queryFn: async (): Promise<SourcesList> => {
      const states: SyncState[] = [];
      const sources: DrawSource[] = [];
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = { limit: PAGE_SIZE, offset };
        const [statePage, sourcePage] = await Promise.all([
          client.admin.sync.list(page),
          client.admin.sources.list(page),
        ]);
        states.push(...(statePage.sources ?? []));
        sources.push(...(sourcePage.sources ?? []));
        if (!statePage.more && !sourcePage.more) break;
      }
      return { states, sources: new Map(sources.map((s) => [s.lottery, s])), total: states.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** A page of conflicts, newest first; `all` lists every status. */
export function useConflictsPage(status: ConflictStatus | 'all', offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.conflictPage(status, offset),
    queryFn: () =>
      client.admin.conflicts.list({
        limit: CONFLICT_PAGE_SIZE,
        offset,
        status: status === 'all' ? undefined : status,
      }),
    // Another page of the same filter keeps the one on screen while it loads; another filter does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
  });
}

/**
 * After a sync or a decision: the sources (state, last result), the conflicts it found or settled, and the
 * lotteries' freshness and draws.
 */
export function useInvalidateSync() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminKeys.sources(), adminKeys.conflicts(), adminKeys.lotteries(), [...adminKeys.all, 'draws']].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    ).then(() => undefined);
}

/** Adds or replaces a lottery's source. */
export function useSaveSource() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lottery, body }: { lottery: string; body: SourceBody }) =>
      client.admin.sources.put(lottery, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sources() }),
  });
}

/** Removes a lottery's source: its draws stay. */
export function useDeleteSource() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lottery: string) => client.admin.sources.delete(lottery),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sources() }),
  });
}

/** One sync of one source, in the server, now; then the page as it stands after it. */
export function useSyncNow() {
  const client = useClient();
  const invalidateSync = useInvalidateSync();
  return useMutation({
    mutationFn: (state: SyncState) => client.admin.sources.syncNow(state.lottery),
    onSuccess: () => invalidateSync(),
  });
}

/** Accepts a conflict's fetched numbers; resolves to where the draw now stored came from, in words ('' unknown). */
export function useAcceptConflict() {
  const client = useClient();
  const invalidateSync = useInvalidateSync();
  return useMutation({
    mutationFn: async (conflict: Conflict) => {
      await client.admin.conflicts.accept(conflict.id);
      try {
        // The draw as now stored, with where it came from.
        const draw = await client.admin.draws.get(conflict.lottery, conflict.fetched.date);
        return draw.source ? ` Source: ${draw.source}, fetched ${formatDateTime(draw.fetchedAt)}.` : '';
      } catch {
        // The decision is made; its provenance is a detail.
        return '';
      }
    },
    onSuccess: () => invalidateSync(),
  });
}

/** Rejects a conflict: the stored numbers stay. */
export function useRejectConflict() {
  const client = useClient();
  const invalidateSync = useInvalidateSync();
  return useMutation({
    mutationFn: (conflict: Conflict) => client.admin.conflicts.reject(conflict.id),
    onSuccess: () => invalidateSync(),
  });
}
