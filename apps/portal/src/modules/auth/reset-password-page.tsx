import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Page } from '../../components/page';
import { href, navigate, routeParam } from '../../app/router';
import { useSession } from '../../app/session';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { NewPasswordFields } from './new-password-fields';
import { useResetPassword } from './queries';

interface ResetValues {
  newPassword: string;
  confirm: string;
  /** Not an input: where the API's refusal of the link lands. */
  resetToken: string;
}

/** Where a reset link lands (`#/reset-password?token=…`): a new password, then straight to the dashboard. */
export function ResetPasswordPage() {
  const reset = useResetPassword();
  const { start } = useSession();
  const resetToken = routeParam('token') ?? '';
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<ResetValues>({
    defaultValues: { newPassword: '', confirm: '', resetToken },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ newPassword }) => {
    try {
      start(await reset.mutateAsync({ resetToken, newPassword }));
      navigate('/');
    } catch (caught) {
      showRefusal(inPortalWords(apiFieldErrors(caught, ['newPassword', 'resetToken'])), setError);
    }
  });

  // A link that lost its token (cut when copied) or one refused by the API: say what to do next.
  const linkProblem = !resetToken
    ? 'This address holds no reset link. Open the link from the e-mail (or from your administrator) in full.'
    : errors.resetToken?.message;

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
        <form className="card" onSubmit={submit} onInvalidCapture={() => clearErrors()}>
          <Alert>{errors.root?.server?.message}</Alert>
          <NewPasswordFields
            label="New password"
            repeatLabel="Repeat the new password"
            password={register('newPassword')}
            confirm={register('confirm', {
              validate: (confirm, values) => confirm === values.newPassword || 'The two passwords differ.',
            })}
            errors={{ password: errors.newPassword?.message, confirm: errors.confirm?.message }}
            note="Every other session of the account will be logged out."
          />
          <button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save and log in'}
          </button>
        </form>
      )}
    </Page>
  );
}
