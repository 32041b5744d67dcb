import { useState } from 'react';
import type { Lottery } from '../../app/api-types';
import { errorMessage } from '../../app/errors';
import { tokenClient, type Client } from '../../app/sdk';
import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { TokenChoiceForm, type TokenChoice } from '../try-it/token-choice';
import { CheckForm, type CheckRequest } from './check-form';
import { CheckResults, type CheckOutcome } from './check-results';

interface Connection {
  /** The token whose secret `client` sends (the one the banner names). */
  token: TokenChoice;
  client: Client;
  lotteries: Lottery[];
}

/**
 * "Did my numbers win?": the account holder's lines checked against the latest draw, one date or a range, with
 * one of their tokens, exactly as "Try it" uses one (each check is one metered request).
 */
export function CheckPage() {
  const [connection, setConnection] = useState<Connection | null>(null);
  const [connectError, setConnectError] = useState('');
  const [connecting, setConnecting] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);

  const connect = async (token: TokenChoice) => {
    // Another token: what was shown for the previous one goes.
    setConnecting(true);
    setConnection(null);
    setConnectError('');
    setOutcome(null);
    try {
      const client = tokenClient(token.secret);
      const lotteries: Lottery[] = [];
      for await (const lottery of client.lotteries()) lotteries.push(lottery);
      setConnection({ token, client, lotteries });
    } catch (error) {
      setConnectError(errorMessage(error));
    } finally {
      setConnecting(false);
    }
  };

  const check = async ({ lottery, lines, draws }: CheckRequest) => {
    if (!connection) return;
    setOutcome(null);
    // Thrown errors are the form's to show at their fields.
    const result = await connection.client.check(lottery.tag, lines.tickets, draws);
    setOutcome({ result, lottery, lineNumbers: lines.lineNumbers });
  };

  return (
    <Page title="Check numbers">
      <p className="muted">
        Did your lines win? Check up to 100 at a time against the latest draw, the draw of one date, or every
        draw in a range. Each check is one request against your monthly quota.
      </p>
      <section className="card" aria-labelledby="step-token">
        <h2 id="step-token">1. Your token</h2>
        <TokenChoiceForm onUse={connect} busy={connecting} />
        <Alert>{connectError}</Alert>
        {connection && (
          <Alert kind="success">
            Using token “{connection.token.id}” ({connection.token.prefix}…): {connection.lotteries.length}{' '}
            lotteries available.
          </Alert>
        )}
      </section>

      {connection && (
        <section className="card" aria-labelledby="step-check">
          <h2 id="step-check">2. Your numbers</h2>
          <CheckForm lotteries={connection.lotteries} onCheck={check} />
        </section>
      )}

      {outcome && <CheckResults outcome={outcome} />}
    </Page>
  );
}
