import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { errorMessage } from '../../app/errors';
import { navigate } from '../../app/router';
import { useClient, useSession } from '../../app/session';

export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p>
        Your account and all its API tokens are deleted at once: programs that use them are refused from then
        on. This cannot be undone.
      </p>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </button>
      {open && <DeleteAccountDialog email={email} onClose={() => setOpen(false)} />}
    </section>
  );
}

/** Deleting cannot be undone, so the account's e-mail must be typed: a stray click or Enter cannot do it. */
function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const client = useClient();
  const { logout } = useSession();
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ typed?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setErrors({ typed: `Type ${email} to confirm.` });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await client.account.delete();
      navigate('/');
      logout(`Your account ${email} has been deleted, with its API tokens.`);
    } catch (caught) {
      setErrors({ form: errorMessage(caught) });
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
          label="Type your e-mail to confirm"
          name="confirm-email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={errors.typed}
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
