import { useEffect, useRef } from 'react';
import type { Lottery } from '../app/api-types';
import { errorMessage } from '../app/errors';
import { secretMemory } from '../app/secret-memory';
import { lastConnection, useAllTokens, useConnectToken, type Connection } from '../modules/tokens/queries';
import { Alert } from './alert';
import { TokenChoiceForm, type TokenChoice } from './token-choice';

export type { Connection };

export interface TokenConnection {
  connection: Connection | null;
  connecting: boolean;
  connectError: string;
  connect: (token: TokenChoice) => void;
}

/**
 * The token a metered page ("Try it", "Check numbers", "Number statistics", a draw's page) calls the API with:
 * picked and checked the same way on all of them. `onReset` clears what the page showed for the previous token;
 * `onConnected` sees the new connection (to pick a default lottery, say). With `resume`, the page starts with the
 * token last used in this tab (on this page or another), so that following a link and coming back keeps it.
 * With `useFresh`, a token created in this tab (its secret is in the tab's memory) is used at once when none is
 * in use: the page does not wait, empty, for a click on "Use this token".
 */
export function useTokenConnection({
  onReset,
  onConnected,
  resume = false,
  useFresh = false,
}: {
  onReset?: () => void;
  onConnected?: (connection: Connection) => void;
  resume?: boolean;
  useFresh?: boolean;
} = {}): TokenConnection {
  const connecting = useConnectToken();
  const tokens = useAllTokens();
  // Until another token is chosen here, the one the tab used last (when the page resumes).
  const connection = connecting.data ?? (resume && connecting.isIdle ? lastConnection() : null);

  const connect = (token: TokenChoice) => {
    // Another token: what was shown for the previous one goes.
    onReset?.();
    connecting.mutate(token, { onSuccess: (connected) => onConnected?.(connected) });
  };

  // Once, as soon as the tokens are known and none is in use: the newest one whose secret this tab learnt. The
  // ref keeps it to one try (a failure is shown, not retried; the user may pick another token meanwhile).
  const tried = useRef(!useFresh);
  // The list as it stands: one cached from an earlier visit may lack a token created since.
  const list = tokens.isFetching ? undefined : tokens.data;
  const waiting = connecting.isIdle && !connection;
  useEffect(() => {
    if (tried.current || !list || !waiting) return;
    tried.current = true;
    const fresh = list.find((t) => t.id === secretMemory.newest(list.map(({ id }) => id)));
    const secret = fresh && secretMemory.recall(fresh.id);
    if (fresh && secret) connect({ id: fresh.id, prefix: fresh.prefix, secret, pasted: false });
  });

  return {
    connection,
    connecting: connecting.isPending,
    connectError: connecting.error ? errorMessage(connecting.error) : '',
    connect,
  };
}

/** Step 1 of a metered page: the token form, then what went wrong or which token is in use. */
export function TokenStep({ connection, connecting, connectError, connect }: TokenConnection) {
  return (
    <section className="card" aria-labelledby="step-token">
      <h2 id="step-token">1. Your token</h2>
      <TokenChoiceForm onUse={connect} busy={connecting} current={connection?.token} />
      <Alert>{connectError}</Alert>
      {connection && (
        <Alert kind="success">
          Using token “{connection.token.id}” ({connection.token.prefix}…): {connection.lotteries.length}{' '}
          lotteries available.
        </Alert>
      )}
    </section>
  );
}

/** The lottery a page starts on: Powerball when the token may read it, else the first one. */
export function defaultLotteryTag(lotteries: Lottery[]): string {
  return (lotteries.find((l) => l.tag === 'us_powerball') ?? lotteries[0])?.tag ?? '';
}
