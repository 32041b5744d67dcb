import { href } from '../../app/router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { errorMessage } from '../../app/errors';
import { currentMonth } from '../../app/format';
import { useSession } from '../../app/session';
import { VerifyEmailNotice } from '../account/verify-email-notice';
import { GetStartedCard } from './get-started-card';
import { LicenseCard } from './license-card';
import { OutcomeSummary } from './outcome-summary';
import { POLL_MS, useLiveUsage, usePastUsage, useProfileRefresh, usageKeys } from './queries';
import { TokenUsageTable } from './token-usage-table';
import { useAllTokens } from '../tokens/queries';
import { UsageCard } from './usage-card';
import { UsageChart } from './usage-chart';

export function DashboardPage() {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const profileRefresh = useProfileRefresh();
  const live = useLiveUsage();
  // Each token's status (active, expired) beside its requests; a token no longer listed was deleted (revoked).
  const tokens = useAllTokens();
  const [month, setMonth] = useState(currentMonth);
  const isCurrent = month === (live.data?.month ?? currentMonth());
  const past = usePastUsage(month, !isCurrent);
  const report = isCurrent ? live.data : past.data;
  // With the API down, the profile and the usage fail alike: one error, and one Retry that runs every load again.
  const failed = profileRefresh.error ?? (isCurrent ? live.error : past.error);
  const loadError = failed ? errorMessage(failed) : '';
  const retry = () => void queryClient.refetchQueries({ queryKey: usageKeys.all, type: 'active' });
  if (!profile) return null;
  const usage = live.data ?? profile.usage;
  return (
    <Page title="Dashboard">
      <LoadError error={loadError} onRetry={retry} />
      {profile.disabled && (
        <Alert>Your account has been disabled: its tokens are refused. Contact an administrator.</Alert>
      )}
      <VerifyEmailNotice />
      <div className="grid">
        <UsageCard usage={usage} verified={profile.emailVerified} />
        <LicenseCard license={profile.license} verified={profile.emailVerified} />
        {/* Until the first request of the month: the live reading makes it go as soon as one is counted. */}
        {usage.used === 0 && <GetStartedCard />}
      </div>
      <p className="small muted" data-testid="usage-updated">
        {live.dataUpdatedAt
          ? `Live: updated at ${new Date(live.dataUpdatedAt).toLocaleTimeString()}, every ${POLL_MS / 1000} s while this page is open.`
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
            <TokenUsageTable
              month={report.month}
              total={{ count: report.used, success: report.success, errors: report.errors }}
              tokens={report.tokens}
              listed={tokens.data}
            />
          </>
        ) : (
          !loadError && <p aria-live="polite">Loading…</p>
        )}
      </section>
      <p className="small">
        Mirroring results? <a href={href('/lotteries')}>Download each lottery's history</a> (CSV, JSON or
        NDJSON), then follow the change feed.
      </p>
    </Page>
  );
}
