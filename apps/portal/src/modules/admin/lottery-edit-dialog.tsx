import type { Lottery } from '../../app/api-types';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { resolverOf, showRefusal } from '../../components/form-errors';
import { FactsFields } from './facts-fields';
import {
  editLotteryErrors,
  editLotteryValues,
  lotteryRefusal,
  type EditLotteryValues,
} from './lottery-values';
import { useUpdateLottery } from './queries';
import { RulesFields } from './rules-fields';
import { FormActions } from '../../components/form-actions';

interface LotteryEditDialogProps {
  lottery: Lottery;
  /** Called with the saved lottery; the list is read again by then. */
  onSaved: (lottery: Lottery) => void;
  onClose: () => void;
}

/** The fields a 400 of PATCH /admin/lotteries/{tag} may name that the dialog shows as inputs. */
const REFUSED_FIELDS = ['name', 'operator', 'terms'] as const;

/**
 * Changes a lottery's name, operator, terms and the number rules in force today (PATCH /admin/lotteries/{tag}).
 * The service refuses rules that a stored draw would break: its reason is shown here, and the dialog stays open.
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
              onError: (caught) => showRefusal(lotteryRefusal(caught, REFUSED_FIELDS), form.setError),
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
          <Alert>{form.formState.errors.root?.server?.message}</Alert>
          <Field
            label="Name"
            required
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            data-autofocus
          />
          <FactsFields />
          <RulesFields />
          <FormActions busy={save.isPending} label="Save lottery" onCancel={onClose} />
        </form>
      </FormProvider>
    </Dialog>
  );
}
