import { useState } from 'react';
import { Page } from '../../components/page';
import { TokenStep, useTokenConnection } from '../try-it/token-step';
import { CheckForm, type CheckRequest } from './check-form';
import { CheckResults, type CheckOutcome } from './check-results';

/**
 * "Did my numbers win?": the account holder's lines checked against the latest draw, one date or a range, with
 * one of their tokens, exactly as "Try it" uses one (each check is one metered request).
 */
export function CheckPage() {
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const token = useTokenConnection({ onReset: () => setOutcome(null) });
  const { connection } = token;

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
      <TokenStep {...token} />

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
