import type { ConflictStatus, DrawSource, SyncState } from '../../../app/api-types';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../app/session';
import { adminKeys, CONFLICT_PAGE_SIZE, PAGE_SIZE } from '../queries';

export interface SourcesPage {
  states: SyncState[];
  /** The sources of the same page (the sync states do not carry the generic adapter's mapping). */
  sources: Map<string, DrawSource>;
  offset: number;
  limit: number;
  total: number;
}

/** A page of sync states, with the sources of the same page. */
export function useSourcesPage(offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.sourcePage(offset),
    queryFn: async (): Promise<SourcesPage> => {
      const page = { limit: PAGE_SIZE, offset };
      const [states, configured] = await Promise.all([
        client.admin.sync.list(page),
        client.admin.sources.list(page),
      ]);
      return {
        states: states.sources ?? [],
        sources: new Map((configured.sources ?? []).map((s) => [s.lottery, s])),
        offset: states.offset,
        limit: states.limit,
        total: states.total,
      };
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
