import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { isSessionError } from '../../app/errors';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { navigate } from '../../app/router';
import { useClient, useSession } from '../../app/session';

export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p>
        Your account and all its API tokens are deleted at once: programs that use them are refused from then
        on. This cannot be undone. The requests it made this month stay counted: an account registered again
        with the same e-mail continues from them.
      </p>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </button>
      {open && <DeleteAccountDialog email={email} onClose={() => setOpen(false)} />}
    </section>
  );
}

/**
 * Deleting cannot be undone, so the account's password must be typed (the API asks for it): a stray click or
 * Enter cannot do it, nor someone at a session left open.
 */
function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const client = useClient();
  const { logout, expire } = useSession();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password'>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setErrors({ password: 'Type your password to confirm.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await client.account.delete({ password });
      navigate('/');
      logout(`Your account ${email} has been deleted, with its API tokens.`);
    } catch (caught) {
      if (isSessionError(caught)) expire();
      else setErrors(apiFieldErrors(caught, ['password']));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Delete your account?" onClose={onClose}>
      <form ref={form} onSubmit={submit} noValidate>
        <p>
          This deletes <strong>{email}</strong> and its API tokens for good.
        </p>
        <Alert>{errors.form}</Alert>
        <Field
          label="Your password"
          type="password"
          name="delete-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          data-autofocus
        />
        <div className="actions">
          <button type="submit" className="danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete the account'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
