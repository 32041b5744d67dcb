import { useQuery } from '@tanstack/react-query';
import { isSessionError } from '../../app/errors';
import { useClient, useSession } from '../../app/session';

/** Often enough to watch a test run or a batch job; rare enough to cost the API nothing. */
export const POLL_MS = 15_000;

/** The dashboard's keys: this month's live reading apart from past months, which stop changing. */
export const usageKeys = {
  all: ['usage'] as const,
  current: () => [...usageKeys.all, 'current'] as const,
  month: (month: string) => [...usageKeys.all, 'month', month] as const,
  /** When the dashboard last had the session read the profile again (the session keeps the profile). */
  profile: () => [...usageKeys.all, 'profile'] as const,
};

/** A refused JWT ends the session (and is still the query's error, so nothing is shown as read). */
function endingSessionOn401(expire: () => void) {
  return (error: unknown): never => {
    if (isSessionError(error)) expire();
    throw error;
  };
}

/**
 * This month's usage, read again every POLL_MS while the page is open and the tab visible: a hidden tab stops
 * polling, coming back reads at once (it is always stale), and a read still under way is never started twice.
 */
export function useLiveUsage() {
  const client = useClient();
  const { expire } = useSession();
  return useQuery({
    queryKey: usageKeys.current(),
    queryFn: () => client.account.usage().catch(endingSessionOn401(expire)),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });
}

/** A past month's usage, read when chosen (the current month is the live reading's). */
export function usePastUsage(month: string, enabled: boolean) {
  const client = useClient();
  const { expire } = useSession();
  return useQuery({
    queryKey: usageKeys.month(month),
    queryFn: () => client.account.usage(month).catch(endingSessionOn401(expire)),
    enabled,
  });
}

/**
 * The profile was read at log-in, and the license may have changed since: each visit to the dashboard has the
 * session read it again (the header and the routes read it there too; refreshProfile ends the session on a
 * refused JWT). The query's data is only when that happened.
 */
export function useProfileRefresh() {
  const { refreshProfile } = useSession();
  return useQuery({
    queryKey: usageKeys.profile(),
    queryFn: async () => {
      await refreshProfile();
      return Date.now();
    },
    staleTime: 0,
  });
}
