import { LotteryApiError } from '@lottery-results/sdk';
import { QueryClient } from '@tanstack/react-query';

/** How long a read is fresh: pages opened again within it show what they read without a request. */
const STALE_MS = 30_000;

/**
 * Whether a failed read is worth trying again by itself: the service not reached (TypeError), or its own
 * failure (5xx). A refusal (4xx) stays the same on retry, and 429 says when to come back (shown to the user).
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (error instanceof LotteryApiError) return error.status >= 500;
  return error instanceof TypeError;
}

/**
 * The portal's one cache of what it read through the SDK (TanStack Query): pages ask for data by key, writes
 * invalidate the keys they change, and every page reading them follows. Cleared when the session ends, so one
 * account never sees another's data.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
