import type { Lottery } from '../../app/api-types';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';
import { resolverOf } from '../../components/form-errors';
import { editLotteryErrors, editLotteryValues, type EditLotteryValues } from './lottery-values';
import { useUpdateLottery } from './queries';
import { RulesFields } from './rules-fields';
import { FormActions } from '../../components/form-actions';

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
  const form = useForm<EditLotteryValues>({
    defaultValues: editLotteryValues(lottery),
    resolver: resolverOf((values: EditLotteryValues) => editLotteryErrors(values, lottery)),
  });
  const save = useUpdateLottery(lottery);
  const eras = lottery.rules.length;

  return (
    <Dialog title={`Edit lottery “${lottery.name}”`} onClose={onClose}>
      <FormProvider {...form}>
        <form
          onSubmit={form.handleSubmit((values) =>
            save.mutate(values, {
              onSuccess: (saved) => {
                onSaved(saved);
                onClose();
              },
            }),
          )}
          noValidate
        >
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
          <FormActions busy={save.isPending} label="Save lottery" onCancel={onClose} />
        </form>
      </FormProvider>
    </Dialog>
  );
}
