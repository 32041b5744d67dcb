import { Page } from '../../components/page';
import { formatDate } from '../../app/format';
import { useSession } from '../../app/session';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { VerifyEmailNotice } from './verify-email-notice';

export function AccountPage() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Page title="Account settings">
      <VerifyEmailNotice />
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        <dl className="facts">
          <dt>Role</dt>
          <dd>{profile.role === 'admin' ? 'Administrator' : 'Account holder'}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(profile.createdAt)}</dd>
        </dl>
      </section>
      {/* The address is shown there, with the way to change it. */}
      <ChangeEmailForm email={profile.email} />
      <ChangePasswordForm />
      <DeleteAccount email={profile.email} />
    </Page>
  );
}
