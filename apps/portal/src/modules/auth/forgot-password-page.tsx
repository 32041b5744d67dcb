import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { href } from '../../app/router';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { useForgotPassword } from './queries';

type Delivery = 'email' | 'administrator';

/**
 * Asks for a reset link. Whether this service sends e-mail is known only from its answer (no public setting says
 * it), so the page says both outcomes up front and then the one that applies: never a promise of an e-mail that
 * will not come.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;
  const [sent, setSent] = useState<{ delivery: Delivery; email: string } | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    try {
      const { delivery } = await forgot.mutateAsync(email.trim());
      setSent({ delivery, email: email.trim() });
    } catch (caught) {
      showRefusal(inPortalWords(apiFieldErrors(caught, ['email'])), setError);
    }
  });

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
            <>
              <p>
                <strong>This service does not send e-mail, so no link is on its way.</strong> Ask its
                administrator for a password reset link: they can create one for your account on their
                Accounts page and pass it on to you.
              </p>
              <p className="muted">
                The administrator is whoever runs this service for you, such as the person or team that gave
                you its address.
              </p>
            </>
          )}
          <button type="button" className="secondary" onClick={() => setSent(null)}>
            Try another address
          </button>
        </div>
      ) : (
        <form className="card" onSubmit={submit} aria-describedby="forgot-help">
          <p id="forgot-help">
            Give the e-mail address of your account. If this service sends e-mail, a link to choose a new
            password goes to that address; if it does not, the next step says how to get one from its
            administrator.
          </p>
          <Alert>{errors.root?.server?.message}</Alert>
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...register('email')}
            error={errors.email?.message}
          />
          <button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Asking…' : 'Ask for a reset link'}
          </button>
        </form>
      )}
      <p className="muted">
        Remembered it? <a href={href('/login')}>Log in</a>.
      </p>
    </Page>
  );
}
