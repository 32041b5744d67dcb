import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { showRefusal } from '../../components/form-errors';
import { apiFieldErrors } from '../../app/field-errors';
import { href, navigate, useRoute } from '../../app/router';
import { useSession } from '../../app/session';

interface LoginValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const { login, status, notice, clearNotice } = useSession();
  const route = useRoute();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // On /login itself, a logged-in visitor goes on to the dashboard; elsewhere the guarded page takes over.
  useEffect(() => {
    if (status !== 'anonymous' && route === '/login') navigate('/');
  }, [status, route]);

  const submit = handleSubmit(async ({ email, password }) => {
    // A new attempt clears the old messages, so that an old notice never sits next to a new error.
    clearNotice();
    try {
      await login(email.trim(), password);
    } catch (caught) {
      // The contract's message as it is ("Invalid email or password.", as the log-in-again dialog says it),
      // beside the field it is about, which takes the focus; anything else above the form.
      showRefusal(apiFieldErrors(caught, FIELDS), setError);
    }
  });

  return (
    <Page title="Log in" narrow>
      <Alert kind="warning">{notice}</Alert>
      {/* When the browser stops a submit (a field it finds invalid says why in its bubble), the service's
          answer to the last try goes: it is about values since changed. */}
      <form
        className="card"
        onSubmit={submit}
        onInvalidCapture={() => clearErrors()}
        aria-describedby="login-help"
      >
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
        />
        <button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p id="login-help" className="muted">
        <a href={href('/forgot-password')}>Forgot your password?</a> No account yet?{' '}
        <a href={href('/register')}>Register</a>.
      </p>
    </Page>
  );
}
