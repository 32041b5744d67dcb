import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { href, navigate, routeParam } from '../../app/router';
import { publicClient } from '../../app/sdk';
import { useSession } from '../../app/session';
import { NewPasswordFields } from './new-password-fields';

type Fields = 'newPassword' | 'confirm' | 'resetToken';

/** Where a reset link lands (`#/reset-password?token=…`): a new password, then straight to the dashboard. */
export function ResetPasswordPage() {
  const { start } = useSession();
  const resetToken = routeParam('token') ?? '';
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
    try {
      start(await publicClient().account.resetPassword({ resetToken, newPassword: password }));
      navigate('/');
    } catch (caught) {
      setErrors(apiFieldErrors(caught, ['newPassword', 'resetToken']));
      setBusy(false);
    }
  };

  // A link that lost its token (cut when copied) or one refused by the API: say what to do next.
  const linkProblem = !resetToken
    ? 'This address holds no reset link. Open the link from the e-mail (or from your administrator) in full.'
    : errors.resetToken;

  return (
    <Page title="Choose a new password" narrow>
      {linkProblem ? (
        <div className="card">
          <Alert>{linkProblem}</Alert>
          <p>
            <a href={href('/forgot-password')}>Ask for a new link</a> or <a href={href('/login')}>log in</a>.
          </p>
        </div>
      ) : (
        <form ref={form} className="card" onSubmit={submit}>
          <Alert>{errors.form}</Alert>
          <NewPasswordFields
            label="New password"
            repeatLabel="Repeat the new password"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={{ password: errors.newPassword, confirm: errors.confirm }}
            note="Every other session of the account will be logged out."
          />
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save and log in'}
          </button>
        </form>
      )}
    </Page>
  );
}
