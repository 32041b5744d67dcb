import type { License } from '../../app/api-types';
import { LotteryApiError } from '@lottery-results/sdk';
import { LoadError } from '../../components/load-error';
import { useAsync } from '../../components/use-async';
import { formatNumber } from '../../app/format';
import { publicClient } from '../../app/sdk';

/** The license a new account gets, or null when the service gives none (404). */
async function loadDefaultLicense(): Promise<License | null> {
  try {
    return await publicClient().account.defaultLicense();
  } catch (error) {
    if (error instanceof LotteryApiError && error.status === 404) return null;
    throw error;
  }
}

/** The free tier as the API states it (GET /licenses/default): the figures are never written in the portal. */
export function FreeTier() {
  const license = useAsync(loadDefaultLicense, []);
  return (
    <section className="card" aria-labelledby="free-tier-title" data-testid="free-tier">
      <h2 id="free-tier-title">Free tier</h2>
      <LoadError error={license.error} onRetry={license.reload} />
      {license.loading && !license.error && <p aria-live="polite">Loading…</p>}
      {!license.loading && license.data === null && (
        <p>New accounts start without a license: an administrator grants one before your tokens work.</p>
      )}
      {!license.loading && license.data && (
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
