import { useState } from 'react';
import { tabMemory } from '../../app/tab-memory';
import { Page } from '../../components/page';
import { lastConnection, TokenStep, useTokenConnection } from '../try-it/token-step';
import { CheckForm, type CheckRequest } from './check-form';
import { CheckResults, type CheckOutcome } from './check-results';

interface KeptOutcome {
  tokenId: string;
  outcome: CheckOutcome;
}
const OUTCOME_MEMORY = 'check-outcome';

/** The last results of this tab, if they were had with the token the page resumes with. */
function rememberedOutcome(): CheckOutcome | null {
  const kept = tabMemory.get<KeptOutcome>(OUTCOME_MEMORY);
  return kept && kept.tokenId === lastConnection()?.token.id ? kept.outcome : null;
}

/**
 * "Did my numbers win?": the account holder's lines checked against the latest draw, one date or a range, with
 * one of their tokens, exactly as "Try it" uses one (each check is one metered request).
 */
export function CheckPage() {
  // Back from a draw's page (the results link there), the token, the form and the results are as they were.
  const [outcome, setOutcome] = useState<CheckOutcome | null>(rememberedOutcome);
  const show = (next: CheckOutcome | null, tokenId?: string) => {
    setOutcome(next);
    if (next && tokenId) tabMemory.set<KeptOutcome>(OUTCOME_MEMORY, { tokenId, outcome: next });
    else tabMemory.delete(OUTCOME_MEMORY);
  };
  const token = useTokenConnection({ resume: true, onReset: () => show(null) });
  const { connection } = token;

  const check = async ({ lottery, lines, draws }: CheckRequest) => {
    if (!connection) return;
    show(null);
    // Thrown errors are the form's to show at their fields.
    const result = await connection.client.check(lottery.tag, lines.tickets, draws);
    // The answer's shape follows the question (a date or a range), never the number of draws found.
    const range = 'from' in draws || 'to' in draws;
    show({ result, lottery, lineNumbers: lines.lineNumbers, range }, connection.token.id);
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
