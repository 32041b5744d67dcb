import { errorMessage } from '../../app/errors';
import { formatNumber } from '../../app/format';
import { LoadError } from '../../components/load-error';
import { useDefaultLicense } from './queries';

/** The free tier as the API states it (GET /licenses/default): the figures are never written in the portal. */
export function FreeTier() {
  const license = useDefaultLicense();
  return (
    <section className="card" aria-labelledby="free-tier-title" data-testid="free-tier">
      <h2 id="free-tier-title">Free tier</h2>
      <LoadError
        error={license.error ? errorMessage(license.error) : ''}
        onRetry={() => void license.refetch()}
      />
      {license.isPending && !license.error && <p aria-live="polite">Loading…</p>}
      {license.data === null && (
        <p>New accounts start without a license: an administrator grants one before your tokens work.</p>
      )}
      {license.data && (
        <>
          <p>
            <span className="stat">{formatNumber(license.data.monthlyQuota)}</span>{' '}
            <span className="muted">requests a month, at no cost</span>
          </p>
          <dl className="facts">
            <dt>License</dt>
            <dd>{license.data.name}</dd>
            <dt>Rate limits</dt>
            <dd>
              {formatNumber(license.data.perSecond)}/s · {formatNumber(license.data.perMinute)}/min ·{' '}
              {formatNumber(license.data.perHour)}/h
            </dd>
          </dl>
          <p className="small muted">
            Every new account gets it. The quota resets on the 1st of each month (UTC).
          </p>
        </>
      )}
    </section>
  );
}
