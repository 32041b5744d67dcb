import { formatNumber } from '../../app/format';

interface OutcomeSummaryProps {
  success: number;
  errors: number;
}

/**
 * A month's charged requests by outcome. Errors are shown apart because they cost quota too: a high share
 * usually means a bug in the calling program (a wrong tag or date), not a busy month.
 */
export function OutcomeSummary({ success, errors }: OutcomeSummaryProps) {
  const total = success + errors;
  const share = (n: number) => (total === 0 ? '' : ` (${Math.round((n / total) * 100)} %)`);
  return (
    <div className="outcomes">
      <dl data-testid="outcomes">
        <div>
          <dt>
            <span className="swatch success" aria-hidden="true" /> Successful
          </dt>
          <dd>
            {formatNumber(success)}
            {share(success)}
          </dd>
        </div>
        <div>
          <dt>
            <span className="swatch errors" aria-hidden="true" /> Errors
          </dt>
          <dd>
            {formatNumber(errors)}
            {share(errors)}
          </dd>
        </div>
      </dl>
      <p className="small muted">
        Errors are answers 400 and 404 (a bad date, an unknown lottery or draw): they count against the quota
        like successful requests.
      </p>
    </div>
  );
}
