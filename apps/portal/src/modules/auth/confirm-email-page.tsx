import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { errorMessage, portalMessage } from '../../app/errors';
import { href, routeParam } from '../../app/router';
import { useSession } from '../../app/session';
import { useConfirmEmail } from '../account/queries';

/**
 * Where the link of an e-mail change lands (`#/confirm-email?token=…`), logged in or not: it confirms the change
 * once, as it opens, and says what happened.
 */
export function ConfirmEmailPage() {
  const { status } = useSession();
  const token = routeParam('token') ?? '';
  const confirmation = useConfirmEmail(token);
  const loggedIn = status !== 'anonymous';

  // A link that lost its token (cut when copied) or one refused by the API: say what to do next.
  const problem = !token
    ? 'This address holds no confirmation link. Open the link from the e-mail in full.'
    : confirmation.isError
      ? portalMessage(errorMessage(confirmation.error))
      : '';

  return (
    <Page title="Confirm your e-mail address" narrow>
      <div className="card">
        {problem ? (
          <>
            <Alert>{problem}</Alert>
            <p>
              {loggedIn ? (
                <>
                  Ask for the change again on your <a href={href('/account')}>account settings</a>.
                </>
              ) : (
                <>
                  <a href={href('/login')}>Log in</a> to ask for the change again on your account settings.
                </>
              )}
            </p>
          </>
        ) : confirmation.isSuccess ? (
          <>
            <Alert kind="success">
              Your e-mail address is now <strong>{confirmation.data.email}</strong>.
            </Alert>
            <p>
              {loggedIn ? (
                <a href={href('/')}>Go to the dashboard</a>
              ) : (
                <>
                  <a href={href('/login')}>Log in</a> with your new address.
                </>
              )}
            </p>
          </>
        ) : (
          <p role="status">Confirming your new e-mail address…</p>
        )}
      </div>
    </Page>
  );
}
