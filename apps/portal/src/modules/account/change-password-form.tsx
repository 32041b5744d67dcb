import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { isSessionError } from '../../app/errors';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { useClient, useSession } from '../../app/session';
import { NewPasswordFields } from '../auth/new-password-fields';

type Fields = 'currentPassword' | 'newPassword' | 'confirm';

export function ChangePasswordForm() {
  const client = useClient();
  const { renew, expire } = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A new attempt clears the last outcome: an old success never sits next to a new error.
    setDone('');
    if (newPassword !== confirm) {
      setErrors({ confirm: 'The two new passwords differ.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const token = await client.account.changePassword({ currentPassword, newPassword });
      // The API refuses every JWT issued before the change, this tab's included: go on with the new one.
      renew(token);
      setCurrentPassword('');
      setNewPassword('');
      setConfirm('');
      setDone(
        'Your password has been changed. Sessions that logged in before the change have ended; this one goes on.',
      );
    } catch (caught) {
      if (isSessionError(caught)) expire();
      else setErrors(apiFieldErrors(caught, ['currentPassword', 'newPassword']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="card" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change the password</h2>
      <Alert kind="success">{done}</Alert>
      <Alert>{errors.form}</Alert>
      <Field
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={errors.currentPassword}
      />
      <NewPasswordFields
        label="New password"
        repeatLabel="Repeat the new password"
        password={newPassword}
        confirm={confirm}
        onPassword={setNewPassword}
        onConfirm={setConfirm}
        errors={{ password: errors.newPassword, confirm: errors.confirm }}
      />
      <button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change the password'}
      </button>
    </form>
  );
}
