import type { ConflictStatus, DrawSource, SyncState } from '../../../app/api-types';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../app/session';
import { adminKeys, CONFLICT_PAGE_SIZE, PAGE_SIZE } from '../queries';

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
