import { useEffect, useState } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { useAsync } from '../../components/use-async';
import { errorMessage } from '../../app/errors';
import { currentMonth } from '../../app/format';
import { href } from '../../app/router';
import { useClient, useSession } from '../../app/session';
import { LicenseCard } from './license-card';
import { UsageCard } from './usage-card';
import { UsageChart } from './usage-chart';

export function DashboardPage() {
  const { profile, refreshProfile } = useSession();
  const client = useClient();
  const [refreshError, setRefreshError] = useState('');
  // The profile was read at log-in; usage and license may have changed since.
  useEffect(() => {
    refreshProfile().catch((error: unknown) => setRefreshError(errorMessage(error)));
  }, [refreshProfile]);
  const [month, setMonth] = useState(currentMonth);
  const usage = useAsync(() => client.account.usage(month), [client, month]);
  if (!profile) return null;
  return (
    <Page title="Dashboard">
      <Alert>{refreshError}</Alert>
      {profile.disabled && (
        <Alert>Your account has been disabled: its tokens are refused. Contact an administrator.</Alert>
      )}
      <div className="grid">
        <LicenseCard license={profile.license} />
        <UsageCard usage={profile.usage} />
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
      <section className="card" aria-labelledby="daily-title">
        <div className="page-head">
          <h2 id="daily-title">Daily use</h2>
          <Field
            label="Month"
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </div>
        <Alert>{usage.error}</Alert>
        {usage.data ? (
          <UsageChart month={usage.data.month} daily={usage.data.daily} />
        ) : (
          !usage.error && <p aria-live="polite">Loading…</p>
        )}
      </section>
    </Page>
  );
}
