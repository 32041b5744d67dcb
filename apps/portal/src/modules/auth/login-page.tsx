import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { href, navigate, useRoute } from '../../app/router';
import { useSession } from '../../app/session';

type Fields = 'email' | 'password';

export function LoginPage() {
  const { login, status, notice, clearNotice } = useSession();
  const route = useRoute();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  // On /login itself, a logged-in visitor goes on to the dashboard; elsewhere the guarded page takes over.
  useEffect(() => {
    if (status !== 'anonymous' && route === '/login') navigate('/');
  }, [status, route]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A new attempt clears the old messages, so that an old notice never sits next to a new error.
    clearNotice();
    setBusy(true);
    setErrors({});
    try {
      await login(email.trim(), password);
    } catch (caught) {
      setErrors(apiFieldErrors(caught, ['email', 'password']));
      setBusy(false);
    }
  };

  return (
    <Page title="Log in" narrow>
      <Alert kind="warning">{notice}</Alert>
      <form ref={form} className="card" onSubmit={submit} aria-describedby="login-help">
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
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p id="login-help" className="muted">
        <a href={href('/forgot-password')}>Forgot your password?</a> No account yet?{' '}
        <a href={href('/register')}>Register</a>.
      </p>
    </Page>
  );
}
