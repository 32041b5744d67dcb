import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { href } from '../../app/router';
import { publicClient } from '../../app/sdk';

type Delivery = 'email' | 'administrator';

/** Asks for a reset link; the answer says where it comes from (an e-mail, or an administrator). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ delivery: Delivery; email: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { delivery } = await publicClient().account.forgotPassword({ email: email.trim() });
      setSent({ delivery, email: email.trim() });
    } catch (caught) {
      setErrors(apiFieldErrors(caught, ['email']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Forgot your password?" narrow>
      {sent ? (
        <div className="card" role="status">
          {sent.delivery === 'email' ? (
            <>
              <p>
                If an account uses <strong>{sent.email}</strong>, a link to choose a new password is on its
                way. It works once, within an hour; look in the spam folder if it does not arrive.
              </p>
              <p className="muted">Using it logs out every other session of the account.</p>
            </>
          ) : (
            <p>
              This service does not send e-mail. Ask its administrator for a password reset link: they can
              create one for your account on the Accounts page.
            </p>
          )}
          <button type="button" className="secondary" onClick={() => setSent(null)}>
            Try another address
          </button>
        </div>
      ) : (
        <form ref={form} className="card" onSubmit={submit} aria-describedby="forgot-help">
          <p id="forgot-help">
            Give the e-mail address of your account: we send you a link to choose a new password.
          </p>
          <Alert>{errors.form}</Alert>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a link'}
          </button>
        </form>
      )}
      <p className="muted">
        Remembered it? <a href={href('/login')}>Log in</a>.
      </p>
    </Page>
  );
}
