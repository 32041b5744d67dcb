import type { Token } from '../../app/api-types';
import type { UpdateTokenDto } from '@lottery-results/sdk';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { formatDateTime } from '../../app/format';
import { ExpiryFields } from './expiry-fields';
import { editExpiryChoices, editValuesFor, tokenChanges, type EditTokenValues } from './token-form';
import { FormActions } from '../../components/form-actions';

interface EditTokenDialogProps {
  token: Token;
  /** Saves the changes; rejects when refused (the dialog then stays open with `error`). */
  onSave: (changes: UpdateTokenDto) => Promise<unknown>;
  error: string;
  busy: boolean;
  onClose: () => void;
}

/** The token's description and expiry; its secret stays the same (a reset replaces that). */
export function EditTokenDialog({ token, onSave, error, busy, onClose }: EditTokenDialogProps) {
  const form = useForm<EditTokenValues>({ defaultValues: editValuesFor(token) });
  const { register, handleSubmit } = form;
  const current = token.expiresAt ? formatDateTime(token.expiresAt) : 'never expires';
  const submit = handleSubmit(async (values) => {
    try {
      await onSave(tokenChanges(token, values));
      onClose();
    } catch {
      // Refused: the dialog stays open and shows why.
    }
  });
  return (
    <Dialog title={`Edit token “${token.id}”`} onClose={onClose}>
      <FormProvider {...form}>
        <form onSubmit={submit}>
          <Alert>{error}</Alert>
          <Field label="Description" {...register('description')} data-autofocus />
          <ExpiryFields
            choices={editExpiryChoices(token, current)}
            hint="Programs using the token are refused from then on; the secret stays the same."
          />
          <FormActions busy={busy} label="Save" onCancel={onClose} />
        </form>
      </FormProvider>
    </Dialog>
  );
}
