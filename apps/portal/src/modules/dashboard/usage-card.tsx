import type { Usage } from '../../app/api-types';
import { Alert } from '../../components/alert';
import { formatDateTime, formatNumber, fromNow } from '../../app/format';
import { quotaLevel } from './quota-level';

/**
 * This month's metered requests against the quota, with a warning from 80 % and at 100 %. `verified`: false while
 * the account waits for its verification link (which brings the license, so no administrator is needed).
 */
export function UsageCard({ usage, verified }: { usage: Usage; verified: boolean }) {
  const { used, quota, remaining, resetsAt } = usage;
  const level = quotaLevel(used, quota);
  const share = quota ? Math.min(100, (used / quota) * 100) : 0;
  const resets = `${fromNow(resetsAt)} (${formatDateTime(resetsAt)})`;
  return (
    <section className="card" aria-labelledby="usage-title" data-quota-level={level}>
      <h2 id="usage-title">This month ({usage.month})</h2>
      <p>
        <span className="stat" data-testid="usage-used">
          {formatNumber(used)}
        </span>{' '}
        <span className="muted">of {formatNumber(quota)} requests</span>
      </p>
      {quota !== null && quota > 0 && (
        <div
          className={`meter ${level}`}
          role="meter"
          aria-label="Quota used"
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.min(used, quota)}
          aria-valuetext={`${used} of ${quota} requests (${Math.floor(share)} %)`}
        >
          <span style={{ width: `${share}%` }} />
        </div>
      )}
      <p className="small">
        {remaining === null ? 'No monthly limit.' : `${formatNumber(remaining)} left.`} Resets {resets}.
      </p>
      {level === 'warning' && (
        <Alert kind="warning">
          You have used {Math.floor(share)} % of this month’s quota. It resets {resets}; if you need more
          before then, ask an administrator to change your account’s license.
        </Alert>
      )}
      {level === 'exhausted' && (
        <Alert kind="error">
          You have used all of this month’s quota: your tokens’ requests are refused (403) until it resets{' '}
          {resets}. An administrator can change your account’s license to raise it.
        </Alert>
      )}
      {level === 'none' && verified && (
        <p className="small muted">Your account has no license: ask an administrator for one.</p>
      )}
    </section>
  );
}
