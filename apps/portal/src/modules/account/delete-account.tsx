import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { isSessionError } from '../../app/errors';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';
import { showRefusal } from '../../components/form-errors';
import { navigate } from '../../app/router';
import { useSession } from '../../app/session';
import { useDeleteAccount } from './queries';
import { FormActions } from '../../components/form-actions';

export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p>
        Your account is deleted at once with all its API tokens and webhooks: programs that use the tokens are
        refused from then on, and the webhooks receive nothing more. This cannot be undone. The requests it
        made this month stay counted: an account registered again with the same e-mail continues from them.
      </p>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </button>
      {open && <DeleteAccountDialog email={email} onClose={() => setOpen(false)} />}
    </section>
  );
}

interface DeleteValues {
  password: string;
}

/**
 * Deleting cannot be undone, so the account's password must be typed (the API asks for it): a stray click or
 * Enter cannot do it, nor someone at a session left open.
 */
function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const remove = useDeleteAccount();
  const { logout, expire } = useSession();
  const { register, handleSubmit, setError, formState } = useForm<DeleteValues>({
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await remove.mutateAsync(password);
      navigate('/');
      logout(`Your account ${email} has been deleted, with its API tokens and webhooks.`);
    } catch (caught) {
      if (isSessionError(caught)) expire();
      else showRefusal(inPortalWords(apiFieldErrors(caught, ['password'])), setError);
    }
  });

  return (
    <Dialog title="Delete your account?" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          This deletes <strong>{email}</strong> for good, with its API tokens and webhooks.
        </p>
        <Alert>{errors.root?.server?.message}</Alert>
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...register('password', { required: 'Type your password to confirm.' })}
          error={errors.password?.message}
          data-autofocus
        />
        <FormActions
          busy={isSubmitting}
          danger
          label="Delete the account"
          busyLabel="Deleting…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
