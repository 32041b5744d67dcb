import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { errorMessage } from '../../app/errors';
import { setFlash } from '../../app/flash';
import { href, navigate } from '../../app/router';
import { publicClient } from '../../app/sdk';

const MIN_PASSWORD = 8;

export function RegisterPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError('The two passwords differ.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const account = await publicClient().account.register({ email: email.trim(), password });
      setFlash(`Your account ${account.email} is ready. Log in to continue.`, account.email);
      navigate('/login');
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <Page title="Create an account" narrow>
      <form className="card" onSubmit={submit}>
        <Alert>{error}</Alert>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          hint={`At least ${MIN_PASSWORD} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Repeat the password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create the account'}
        </button>
      </form>
      <p className="muted">
        Already registered? <a href={href('/login')}>Log in</a>.
      </p>
    </Page>
  );
}
