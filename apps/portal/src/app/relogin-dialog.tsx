import { useForm } from 'react-hook-form';
import { apiFieldErrors } from './field-errors';
import { useSession } from './session';
import { Alert } from '../components/alert';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { FormActions } from '../components/form-actions';
import { showRefusal } from '../components/form-errors';

interface ReloginValues {
  email: string;
  password: string;
}

/** Logs in again from the session warning: a new JWT, and the page underneath stays as it is. */
export function ReloginDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { profile, login } = useSession();
  const { register, handleSubmit, setError, formState } = useForm<ReloginValues>({
    defaultValues: { email: profile?.email ?? '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await login(email.trim(), password);
      onDone();
    } catch (caught) {
      showRefusal(apiFieldErrors(caught, ['email', 'password']), setError);
    }
  });

  return (
    <Dialog title="Log in again" onClose={onClose}>
      <form onSubmit={submit}>
        <p className="small muted">Your session gets a new expiry; this page stays as it is.</p>
        <Alert>{errors.root?.server?.message}</Alert>
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...register('email')}
          error={errors.email?.message}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
          error={errors.password?.message}
          data-autofocus
        />
        <FormActions busy={isSubmitting} label="Log in" busyLabel="Logging in…" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
