import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { errorMessage, inPortalWords, portalMessage } from '../../app/errors';
import { href, navigate } from '../../app/router';
import { useSession } from '../../app/session';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { NewPasswordFields } from './new-password-fields';
import { useRegister } from './queries';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
}

export function RegisterPage() {
  const registration = useRegister();
  const { login } = useSession();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<RegisterValues>({
    defaultValues: { email: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email, password }) => {
    let created = false;
    try {
      const account = await registration.mutateAsync({ email: email.trim(), password });
      created = true;
      // Registering logs you in: the same credentials, straight to the dashboard.
      await login(account.email, password);
      navigate('/');
    } catch (caught) {
      if (created) {
        const why = portalMessage(errorMessage(caught));
        setError('root.server', { message: `Your account is ready, but logging in failed: ${why}` });
      } else showRefusal(inPortalWords(apiFieldErrors(caught, ['email', 'password'])), setError);
    }
  });

  return (
    <Page title="Create an account" narrow>
      {/* When the browser stops a submit (a field it finds invalid says why in its bubble), the service's
          answer to the last try goes: it is about values since changed. */}
      <form className="card" onSubmit={submit} onInvalidCapture={() => clearErrors()}>
        <Alert>{errors.root?.server?.message}</Alert>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          error={errors.email?.message}
        />
        <NewPasswordFields
          label="Password"
          repeatLabel="Repeat the password"
          password={register('password')}
          confirm={register('confirm', {
            validate: (confirm, values) => confirm === values.password || 'The two passwords differ.',
          })}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        <button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create the account'}
        </button>
      </form>
      <p className="muted">
        Already registered? <a href={href('/login')}>Log in</a>.
      </p>
    </Page>
  );
}
