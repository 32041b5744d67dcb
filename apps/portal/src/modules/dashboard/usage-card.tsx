import type { Account } from '../../app/api-types';
import { formatDateTime, formatNumber, fromNow } from '../../app/format';

type Usage = Account['usage'];

/** This month's metered requests against the quota. */
export function UsageCard({ usage }: { usage: Usage }) {
  const { used, quota, remaining, resetsAt } = usage;
  const share = quota ? Math.min(100, (used / quota) * 100) : 0;
  return (
    <section className="card" aria-labelledby="usage-title">
      <h2 id="usage-title">This month ({usage.month})</h2>
      <p>
        <span className="stat">{formatNumber(used)}</span>{' '}
        <span className="muted">of {formatNumber(quota)} requests</span>
      </p>
      {quota !== null && (
        <div
          className="meter"
          role="meter"
          aria-label="Quota used"
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.min(used, quota)}
          aria-valuetext={`${used} of ${quota} requests (${share.toFixed(0)} %)`}
        >
          <span style={{ width: `${share}%` }} />
        </div>
      )}
      <p className="small">
        {remaining === null ? 'No monthly limit.' : `${formatNumber(remaining)} left.`} Resets{' '}
        {fromNow(resetsAt)} ({formatDateTime(resetsAt)}).
      </p>
      {quota === 0 && (
        <p className="small muted">Your account has no license: ask an administrator for one.</p>
      )}
    </section>
  );
}
