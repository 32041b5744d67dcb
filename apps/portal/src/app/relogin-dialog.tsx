import { useRef, useState, type FormEvent } from 'react';
import { apiFieldErrors, type FieldErrors } from './field-errors';
import { useSession } from './session';
import { Alert } from '../components/alert';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { useFocusInvalid } from '../components/use-focus-invalid';

type Fields = 'email' | 'password';

/** Logs in again from the session warning: a new JWT, and the page underneath stays as it is. */
export function ReloginDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { profile, login } = useSession();
  const [email, setEmail] = useState(profile?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await login(email.trim(), password);
      onDone();
    } catch (caught) {
      setErrors(apiFieldErrors(caught, ['email', 'password']));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Log in again" onClose={onClose}>
      <form ref={form} onSubmit={submit}>
        <p className="small muted">Your session gets a new expiry; this page stays as it is.</p>
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
          data-autofocus
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
