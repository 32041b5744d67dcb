import { useState } from 'react';
import type { Lottery } from '../../app/api-types';
import { errorMessage } from '../../app/errors';
import { tokenClient, type Client } from '../../app/sdk';
import { tabMemory } from '../../app/tab-memory';
import { Alert } from '../../components/alert';
import { TokenChoiceForm, type TokenChoice } from './token-choice';

/** A token in use: the secret `client` sends (the one the banner names) and the lotteries it may read. */
export interface Connection {
  token: TokenChoice;
  client: Client;
  lotteries: Lottery[];
}

export interface TokenConnection {
  connection: Connection | null;
  connecting: boolean;
  connectError: string;
  connect: (token: TokenChoice) => Promise<void>;
}

/** The connection made last in this tab, on any metered page (kept in memory only, forgotten on log-out). */
const LAST_CONNECTION = 'token-connection';

/** The token last used in this tab, if any: a page opened from another one (a draw's page) carries on with it. */
export function lastConnection(): Connection | null {
  return tabMemory.get<Connection>(LAST_CONNECTION) ?? null;
}

/**
 * The token a metered page ("Try it", "Check numbers", "Number statistics") calls the API with: picked and
 * checked the same way on all of them. `onReset` clears what the page showed for the previous token;
 * `onConnected` sees the new connection (to pick a default lottery, say). With `resume`, the page starts with the
 * token last used in this tab (on this page or another), so that following a link and coming back keeps it.
 */
export function useTokenConnection({
  onReset,
  onConnected,
  resume = false,
}: {
  onReset?: () => void;
  onConnected?: (connection: Connection) => void;
  resume?: boolean;
} = {}): TokenConnection {
  const [connection, setConnection] = useState<Connection | null>(() => (resume ? lastConnection() : null));
  const [connectError, setConnectError] = useState('');
  const [connecting, setConnecting] = useState(false);

  const connect = async (token: TokenChoice) => {
    // Another token: what was shown for the previous one goes.
    setConnecting(true);
    setConnection(null);
    tabMemory.delete(LAST_CONNECTION);
    setConnectError('');
    onReset?.();
    try {
      const client = tokenClient(token.secret);
      const lotteries: Lottery[] = [];
      for await (const lottery of client.lotteries()) lotteries.push(lottery);
      const connected = { token, client, lotteries };
      setConnection(connected);
      tabMemory.set(LAST_CONNECTION, connected);
      onConnected?.(connected);
    } catch (error) {
      setConnectError(errorMessage(error));
    } finally {
      setConnecting(false);
    }
  };

  return { connection, connecting, connectError, connect };
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
