import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { errorMessage } from '../../app/errors';
import { clearFlash, peekFlash } from '../../app/flash';
import { href, navigate, useRoute } from '../../app/router';
import { useSession } from '../../app/session';

export function LoginPage() {
  const { login, status, notice } = useSession();
  const route = useRoute();
  const [flash] = useState(peekFlash);
  useEffect(clearFlash, []);
  const [email, setEmail] = useState(flash?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // On /login itself, a logged-in visitor goes on to the dashboard; elsewhere the guarded page takes over.
  useEffect(() => {
    if (status !== 'anonymous' && route === '/login') navigate('/');
  }, [status, route]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await login(email.trim(), password);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <Page title="Log in" narrow>
      <Alert kind="success">{flash?.message}</Alert>
      <Alert kind="warning">{notice}</Alert>
      <form className="card" onSubmit={submit} aria-describedby="login-help">
        <Alert>{error}</Alert>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p id="login-help" className="muted">
        No account yet? <a href={href('/register')}>Register</a>.
      </p>
    </Page>
  );
}
