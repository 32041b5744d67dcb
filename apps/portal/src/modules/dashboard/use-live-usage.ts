import type { UsageReport } from '../../app/api-types';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isSessionError } from '../../app/errors';
import { useClient, useSession } from '../../app/session';

/** Often enough to watch a test run or a batch job; rare enough to cost the API nothing. */
export const POLL_MS = 15_000;

export interface LiveUsage {
  report: UsageReport | undefined;
  error: string;
  /** When the last answer arrived (epoch ms). */
  updatedAt: number | undefined;
}

export interface LiveUsageState extends LiveUsage {
  /** Reads again now (after a failure), then goes on polling. */
  retry: () => void;
}

/**
 * This month's usage, read again every POLL_MS while the page is open and the tab visible. The next read is
 * scheduled only when the previous one has answered, so a slow API never gets overlapping requests; a hidden
 * tab stops polling, and coming back reads at once.
 */
export function useLiveUsage(): LiveUsageState {
  const client = useClient();
  const { expire } = useSession();
  const [state, setState] = useState<LiveUsage>({ report: undefined, error: '', updatedAt: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const read = async () => {
      if (stopped || inFlight || document.hidden) return;
      clearTimeout(timer);
      inFlight = true;
      try {
        const report = await client.account.usage();
        if (!stopped) setState({ report, error: '', updatedAt: Date.now() });
      } catch (caught) {
        if (stopped) return;
        // A refused JWT will not get better by asking again.
        if (isSessionError(caught)) {
          stopped = true;
          expire();
          return;
        }
        setState((previous) => ({ ...previous, error: errorMessage(caught) }));
      } finally {
        inFlight = false;
        if (!stopped && !document.hidden) timer = setTimeout(read, POLL_MS);
      }
    };
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer);
      else void read();
    };

    document.addEventListener('visibilitychange', onVisibility);
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // A retry restarts the loop: it reads at once, and the next poll is a full interval after that answer.
  }, [client, expire, attempt]);

  const retry = useCallback(() => {
    // The old error goes while the new read runs; a new failure is shown (and announced) again.
    setState((previous) => ({ ...previous, error: '' }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
