import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { href, navigate } from '../../app/router';
import { publicClient } from '../../app/sdk';
import { useSession } from '../../app/session';
import { NewPasswordFields } from './new-password-fields';

type Fields = 'email' | 'password' | 'confirm';

export function RegisterPage() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setErrors({ confirm: 'The two passwords differ.' });
      return;
    }
    setBusy(true);
    setErrors({});
    let created = false;
    try {
      const account = await publicClient().account.register({ email: email.trim(), password });
      created = true;
      // Registering logs you in: the same credentials, straight to the dashboard.
      await login(account.email, password);
      navigate('/');
    } catch (caught) {
      setErrors(
        created
          ? { form: `Your account is ready, but logging in failed: ${apiFieldErrors(caught, []).form}` }
          : apiFieldErrors(caught, ['email', 'password']),
      );
      setBusy(false);
    }
  };

  return (
    <Page title="Create an account" narrow>
      <form ref={form} className="card" onSubmit={submit}>
        <Alert>{errors.form}</Alert>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <NewPasswordFields
          label="Password"
          repeatLabel="Repeat the password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={{ password: errors.password, confirm: errors.confirm }}
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
