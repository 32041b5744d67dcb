import { Page } from '../../components/page';
import { TokenStep, useTokenConnection } from '../../components/token-step';
import { CheckForm } from './check-form';
import { CheckResults } from './check-results';
import { forgetOutcome, rememberedOutcome, useCheckNumbers, type CheckRequest } from './queries';

/**
 * "Did my numbers win?": the account holder's lines checked against the latest draw, one date or a range, with
 * one of their tokens, exactly as "Try it" uses one (each check is one metered request).
 */
export function CheckPage() {
  const check = useCheckNumbers();
  const token = useTokenConnection({
    resume: true,
    useFresh: true,
    onReset: () => {
      check.reset();
      forgetOutcome();
    },
  });
  const { connection } = token;
  // Back from a draw's page (the results link there), the token, the form and the results are as they were.
  const outcome = check.data ?? (check.isIdle ? rememberedOutcome() : null);

  // Thrown errors are the form's to show at their fields.
  const send = async (request: CheckRequest) => {
    if (connection)
      await check.mutateAsync({ ...request, client: connection.client, tokenId: connection.token.id });
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
          <CheckForm lotteries={connection.lotteries} onCheck={send} />
        </section>
      )}

      {outcome && <CheckResults outcome={outcome} />}
    </Page>
  );
}
