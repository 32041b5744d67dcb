import type { Account } from '../../app/api-types';
import { formatNumber } from '../../app/format';

/** `verified`: false while the account waits for its verification link, which brings the license. */
export function LicenseCard({ license, verified }: { license: Account['license']; verified: boolean }) {
  return (
    <section className="card" aria-labelledby="license-title">
      <h2 id="license-title">License</h2>
      {license ? (
        <>
          <p>
            <span className="stat">{license.name}</span>
          </p>
          <dl className="facts">
            <dt>Monthly quota</dt>
            <dd>{formatNumber(license.monthlyQuota)}</dd>
            <dt>Rate limits</dt>
            <dd>
              {formatNumber(license.perSecond)}/s · {formatNumber(license.perMinute)}/min ·{' '}
              {formatNumber(license.perHour)}/h
            </dd>
          </dl>
        </>
      ) : verified ? (
        <p>Your account has no license yet, so its tokens are refused. An administrator can grant one.</p>
      ) : (
        <p>
          Your account has no license yet, so its tokens are refused: it comes with the link we e-mailed you.
        </p>
      )}
    </section>
  );
}
