import { LotteryApiError } from '@lottery-results/sdk';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { isSessionError } from '../../app/errors';
import { useSession } from '../../app/session';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { useChangeEmail, type ChangeEmailValues } from './queries';

const EMPTY: ChangeEmailValues = { email: '', password: '' };
const TAKEN = 'Another account already uses this e-mail address.';

/** What the last request did: a link is on its way, or the address changed. */
type Outcome = { kind: 'sent' | 'changed'; email: string };

/**
 * The account's e-mail address. When the service sends e-mail, the change waits for the link sent to the new
 * address (so that a typo cannot lock the holder out); otherwise it is made at once.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const { expire } = useSession();
  const change = useChangeEmail();
  const { register, handleSubmit, setError, clearErrors, reset, formState } = useForm<ChangeEmailValues>({
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      reset(EMPTY);
      setOutcome(
        result.delivery === 'email'
          ? { kind: 'sent', email: result.pendingEmail ?? values.email.trim() }
          : { kind: 'changed', email: result.email },
      );
    } catch (caught) {
      if (isSessionError(caught)) expire();
      // The registration's wording ("Log in, or ask for a new password") does not fit someone logged in.
      else if (caught instanceof LotteryApiError && caught.status === 409)
        setError('email', { type: 'server', message: TAKEN }, { shouldFocus: true });
      else showRefusal(inPortalWords(apiFieldErrors(caught, ['email', 'password'])), setError);
    }
  });

  return (
    <form
      className="card"
      // A new attempt clears the last outcome: an old success never sits next to a new error.
      onSubmit={(event) => {
        setOutcome(null);
        return submit(event);
      }}
      onInvalidCapture={() => {
        setOutcome(null);
        clearErrors();
      }}
      aria-labelledby="email-title"
    >
      <h2 id="email-title">E-mail address</h2>
      <p>
        Your account&apos;s address is <strong>{email}</strong>. You log in with it, and messages about the
        account go there.
      </p>
      {outcome?.kind === 'sent' && (
        <Alert kind="success">
          We sent a link to <strong>{outcome.email}</strong>. Your address changes when you open it, within 24
          hours; until then it stays as it is, and you log in with it. Look in the spam folder if the link
          does not arrive. (If another account already uses that address, the message says so instead, and
          nothing changes.)
        </Alert>
      )}
      {outcome?.kind === 'changed' && (
        <Alert kind="success">
          Your e-mail address is now <strong>{outcome.email}</strong>. Log in with it from now on.
        </Alert>
      )}
      <Alert>{errors.root?.server?.message}</Alert>
      <Field
        label="New e-mail address"
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={errors.email?.message}
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={errors.password?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change the e-mail address'}
      </button>
    </form>
  );
}
