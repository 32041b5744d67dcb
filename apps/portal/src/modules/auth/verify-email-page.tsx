import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { errorMessage, portalMessage } from '../../app/errors';
import { href, routeParam } from '../../app/router';
import { useSession } from '../../app/session';
import { useVerifyEmail } from '../account/queries';

/**
 * Where the verification link sent at registration lands (`#/verify-email?token=…`), logged in or not: it verifies
 * the address once, as it opens, and says which license the account has now.
 */
export function VerifyEmailPage() {
  const { status } = useSession();
  const token = routeParam('token') ?? '';
  const verification = useVerifyEmail(token);
  const loggedIn = status !== 'anonymous';

  const problem = !token
    ? 'This address holds no verification link. Open the link from the e-mail in full.'
    : verification.isError
      ? portalMessage(errorMessage(verification.error))
      : '';
  const next = loggedIn ? (
    <a href={href('/')}>Go to the dashboard</a>
  ) : (
    <>
      <a href={href('/login')}>Log in</a> to create a token.
    </>
  );

  return (
    <Page title="Verify your e-mail address" narrow>
      <div className="card">
        {problem ? (
          <>
            <Alert>{problem}</Alert>
            <p>
              If your address is verified already, nothing more is needed. Otherwise ask for a new link on
              your{' '}
              {loggedIn ? (
                <a href={href('/')}>dashboard</a>
              ) : (
                <>
                  dashboard: <a href={href('/login')}>log in</a> first
                </>
              )}
              .
            </p>
          </>
        ) : verification.isSuccess ? (
          <>
            <Alert kind="success">
              Your e-mail address <strong>{verification.data.email}</strong> is verified.
              {verification.data.license ? (
                <>
                  {' '}
                  Your account has the <strong>{verification.data.license}</strong> license: its tokens work
                  now.
                </>
              ) : (
                ' Your account has no license yet: an administrator can grant one.'
              )}
            </Alert>
            <p>{next}</p>
          </>
        ) : (
          <p role="status">Verifying your e-mail address…</p>
        )}
      </div>
    </Page>
  );
}
