import type { Lottery } from '../../app/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';
import { resolverOf } from './form-resolver';
import {
  editLotteryErrors,
  editLotteryValues,
  updateLotteryBody,
  type EditLotteryValues,
} from './lottery-values';
import { invalidateLotteries } from './queries';
import { RulesFields } from './rules-fields';

interface LotteryEditDialogProps {
  lottery: Lottery;
  /** Called with the saved lottery; the list is read again by then. */
  onSaved: (lottery: Lottery) => void;
  onClose: () => void;
}

/**
 * Changes a lottery's name and the number rules in force today (PATCH /admin/lotteries/{tag}). The service
 * refuses rules that a stored draw would break: its reason is shown here, and the dialog stays open.
 */
export function LotteryEditDialog({ lottery, onSaved, onClose }: LotteryEditDialogProps) {
  const client = useClient();
  const queryClient = useQueryClient();
  const form = useForm<EditLotteryValues>({
    defaultValues: editLotteryValues(lottery),
    resolver: resolverOf((values: EditLotteryValues) => editLotteryErrors(values, lottery)),
  });
  const save = useMutation({
    mutationFn: (values: EditLotteryValues) =>
      client.admin.lotteries.update(lottery.tag, updateLotteryBody(values, lottery)),
    onSuccess: async (saved) => {
      await invalidateLotteries(queryClient);
      onSaved(saved);
      onClose();
    },
  });
  const eras = lottery.rules.length;

  return (
    <Dialog title={`Edit lottery “${lottery.name}”`} onClose={onClose}>
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <p className="small muted">
            {eras > 1
              ? `The numbers are those of the rules in force today; the ${eras - 1} earlier rule periods keep theirs.`
              : 'The numbers apply to every draw of this lottery.'}{' '}
            Every stored draw must still fit them, or nothing is changed.
          </p>
          <Alert>{save.error && errorMessage(save.error)}</Alert>
          <Field
            label="Name"
            required
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            data-autofocus
          />
          <RulesFields />
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save lottery'}
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
