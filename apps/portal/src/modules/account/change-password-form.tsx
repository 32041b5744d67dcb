import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { isSessionError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useChangePassword } from './queries';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { NewPasswordFields } from '../auth/new-password-fields';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const { renew, expire } = useSession();
  const { register, handleSubmit, setError, clearErrors, reset, formState } = useForm<ChangePasswordValues>({
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const [done, setDone] = useState('');

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const token = await change.mutateAsync({ currentPassword, newPassword });
      // The API refuses every JWT issued before the change, this tab's included: go on with the new one.
      renew(token);
      reset(EMPTY);
      setDone(
        'Your password has been changed. Sessions that logged in before the change have ended; this one goes on.',
      );
    } catch (caught) {
      if (isSessionError(caught)) expire();
      else showRefusal(inPortalWords(apiFieldErrors(caught, ['currentPassword', 'newPassword'])), setError);
    }
  });

  return (
    <form
      className="card"
      // A new attempt clears the last outcome: an old success never sits next to a new error.
      onSubmit={(event) => {
        setDone('');
        return submit(event);
      }}
      onInvalidCapture={() => {
        setDone('');
        clearErrors();
      }}
      aria-labelledby="password-title"
    >
      <h2 id="password-title">Change the password</h2>
      <Alert kind="success">{done}</Alert>
      <Alert>{errors.root?.server?.message}</Alert>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <NewPasswordFields
        label="New password"
        repeatLabel="Repeat the new password"
        password={register('newPassword')}
        confirm={register('confirm', {
          validate: (confirm, values) => confirm === values.newPassword || 'The two new passwords differ.',
        })}
        errors={{ password: errors.newPassword?.message, confirm: errors.confirm?.message }}
      />
      <button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change the password'}
      </button>
    </form>
  );
}
