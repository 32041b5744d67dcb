import { Alert } from '../../components/alert';
import { errorMessage, isSessionError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useResendVerification } from './queries';

/**
 * Until the account opens the link e-mailed at registration (REGISTRATION_VERIFY_EMAIL), it has no license: this
 * says so, where to look, and sends the link again.
 */
export function VerifyEmailNotice() {
  const { profile, expire } = useSession();
  const resend = useResendVerification();
  if (!profile || profile.emailVerified) return null;
  const failure = resend.error && !isSessionError(resend.error) ? errorMessage(resend.error) : '';
  return (
    <section className="card notice" aria-labelledby="verify-title">
      <h2 id="verify-title">Confirm your address to receive your free license</h2>
      <p>
        We sent a link to <strong>{profile.email}</strong>. Open it within 24 hours: your account receives its
        license then, and its tokens work from that moment. Look in the spam folder if it does not arrive.
      </p>
      {resend.isSuccess && (
        <Alert kind="success">
          We sent a new link to <strong>{resend.data.email}</strong>.
        </Alert>
      )}
      <Alert>{failure}</Alert>
      <button
        type="button"
        className="secondary"
        disabled={resend.isPending}
        onClick={() => resend.mutate(undefined, { onError: (error) => isSessionError(error) && expire() })}
      >
        {resend.isPending ? 'Sending…' : 'Send the link again'}
      </button>
    </section>
  );
}
