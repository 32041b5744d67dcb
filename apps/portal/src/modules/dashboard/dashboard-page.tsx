import { useEffect, useState } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { useAsync } from '../../components/use-async';
import { errorMessage } from '../../app/errors';
import { currentMonth } from '../../app/format';
import { href } from '../../app/router';
import { useClient, useSession } from '../../app/session';
import { LicenseCard } from './license-card';
import { OutcomeSummary } from './outcome-summary';
import { TokenUsageTable } from './token-usage-table';
import { UsageCard } from './usage-card';
import { UsageChart } from './usage-chart';
import { POLL_MS, useLiveUsage } from './use-live-usage';

export function DashboardPage() {
  const { profile, refreshProfile } = useSession();
  const client = useClient();
  const [refreshError, setRefreshError] = useState('');
  const [refreshAttempt, setRefreshAttempt] = useState(0);
  // The profile was read at log-in; the license may have changed since.
  useEffect(() => {
    setRefreshError('');
    refreshProfile().catch((error: unknown) => setRefreshError(errorMessage(error)));
  }, [refreshProfile, refreshAttempt]);
  const live = useLiveUsage();
  const [month, setMonth] = useState(currentMonth);
  // The current month comes from the live reading; a past month is read once (it no longer changes).
  const isCurrent = month === (live.report?.month ?? currentMonth());
  const past = useAsync(
    () => (isCurrent ? Promise.resolve(undefined) : client.account.usage(month)),
    [client, month, isCurrent],
  );
  const report = isCurrent ? live.report : past.data;
  // With the API down, the profile and the usage fail alike: one error, and one Retry that runs every load again.
  const loadError = refreshError || (isCurrent ? live.error : past.error);
  const retry = () => {
    setRefreshAttempt((n) => n + 1);
    live.retry();
    past.reload();
  };
  if (!profile) return null;
  return (
    <Page title="Dashboard">
      <LoadError error={loadError} onRetry={retry} />
      {profile.disabled && (
        <Alert>Your account has been disabled: its tokens are refused. Contact an administrator.</Alert>
      )}
      <div className="grid">
        <UsageCard usage={live.report ?? profile.usage} />
        <LicenseCard license={profile.license} />
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">Get started</h2>
          <ol className="steps">
            <li>
              <a href={href('/tokens')}>Create an API token</a> and keep its secret safe.
            </li>
            <li>
              Send it in the <code>X-API-Token</code> header: <a href={href('/try')}>try it here</a>.
            </li>
          </ol>
        </section>
      </div>
      <p className="small muted" data-testid="usage-updated">
        {live.updatedAt
          ? `Live: updated at ${new Date(live.updatedAt).toLocaleTimeString()}, every ${POLL_MS / 1000} s while this page is open.`
          : 'Reading your usage…'}
      </p>
      <section className="card" aria-labelledby="month-title">
        <div className="page-head">
          <h2 id="month-title">Requests in {month}</h2>
          <Field
            label="Month"
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </div>
        {report ? (
          <>
            <OutcomeSummary success={report.success} errors={report.errors} />
            <UsageChart month={report.month} daily={report.daily} />
            <h3 className="section-gap">By token</h3>
            <TokenUsageTable month={report.month} total={report.used} tokens={report.tokens} />
          </>
        ) : (
          !loadError && <p aria-live="polite">Loading…</p>
        )}
      </section>
    </Page>
  );
}
