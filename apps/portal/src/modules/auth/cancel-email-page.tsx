import { useEffect } from 'react';
import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { errorMessage, portalMessage } from '../../app/errors';
import { href, routeParam } from '../../app/router';
import { useSession } from '../../app/session';
import { useCancelEmailChange } from '../account/queries';

/**
 * Where the "this wasn't me" link of an e-mail change's notice lands (`#/cancel-email?token=…`), logged in or not:
 * it cancels the change once, as it opens. Every session of the account ends with it (whoever asked knows the
 * password), this browser's too, and the page sends the holder on to choose a new password.
 */
export function CancelEmailPage() {
  const { status, logout } = useSession();
  const token = routeParam('token') ?? '';
  const cancellation = useCancelEmailChange(token);
  const loggedIn = status !== 'anonymous';

  // The API ended this browser's session as well: leave it here rather than on the next refused call.
  useEffect(() => {
    if (cancellation.isSuccess && loggedIn) logout();
  }, [cancellation.isSuccess, loggedIn, logout]);

  const problem = !token
    ? 'This address holds no cancellation link. Open the link from the e-mail in full.'
    : cancellation.isError
      ? portalMessage(errorMessage(cancellation.error))
      : '';

  return (
    <Page title="Cancel the e-mail change" narrow>
      <div className="card">
        {problem ? (
          <>
            <Alert>{problem}</Alert>
            <p>
              If you changed or reset your password since the change was asked, it is cancelled already. If
              your account&apos;s address was changed without you, ask an administrator for help; to lock out
              whoever knows your password, <a href={href('/forgot-password')}>choose a new password</a>.
            </p>
          </>
        ) : cancellation.isSuccess ? (
          <>
            <Alert kind="success">
              The change of your address to <strong>{cancellation.data.cancelledEmail}</strong> is cancelled:
              your account keeps <strong>{cancellation.data.email}</strong>.
            </Alert>
            <p>
              Every session of your account was ended, so whoever asked for the change is logged out. They
              know your password: choose a new one now.
            </p>
            <p>
              <a className="button" href={href('/forgot-password')}>
                Choose a new password
              </a>
            </p>
          </>
        ) : (
          <p role="status">Cancelling the change of your e-mail address…</p>
        )}
      </div>
    </Page>
  );
}
