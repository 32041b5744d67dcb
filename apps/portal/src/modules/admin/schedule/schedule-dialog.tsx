import type { DrawSchedule, Lottery } from '../../../app/api-types';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { resolverOf, showRefusal } from '../../../components/form-errors';
import { EraFields } from './era-fields';
import {
  newEra,
  scheduleErrors,
  scheduleOf,
  scheduleValueErrors,
  valuesOf,
  type ScheduleValues,
} from './schedule-values';
import { FormActions } from '../../../components/form-actions';

interface ScheduleDialogProps {
  lottery: Lottery;
  /** Saves the schedule; an error it throws is shown at its field and the dialog stays open. */
  onSave: (schedule: DrawSchedule) => Promise<void>;
  /** Asks to remove the schedule (the caller confirms first). */
  onRemove: () => void;
  onClose: () => void;
}

/** Views and edits a lottery's draw calendar: the publication window, then its eras. */
export function ScheduleDialog({ lottery, onSave, onRemove, onClose }: ScheduleDialogProps) {
  const form = useForm<ScheduleValues>({
    defaultValues: valuesOf(lottery),
    resolver: resolverOf(scheduleValueErrors),
  });
  const { register, control, getValues, handleSubmit, setError, clearErrors, formState } = form;
  const { errors, isSubmitting } = formState;
  const eras = useFieldArray({ control, name: 'eras' });

  const addEra = () => eras.append(newEra(lottery, getValues('eras').at(-1)), { shouldFocus: false });
  const removeEra = (index: number) => {
    eras.remove(index);
    // Errors are placed by era number, which has just shifted.
    clearErrors();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(scheduleOf(values));
      onClose();
    } catch (caught) {
      showRefusal(scheduleErrors(caught), setError);
    }
  });

  return (
    <Dialog title={`Draw schedule of “${lottery.name}”`} onClose={onClose}>
      <FormProvider {...form}>
        {/* noValidate: the API checks the schedule, and its message is shown at the field it is about. */}
        <form onSubmit={submit} noValidate>
          <p className="small muted">
            {lottery.schedule
              ? 'The next draw and the freshness of this lottery follow this calendar.'
              : 'This lottery has no schedule: the API gives it no next draw and no freshness until it has one.'}
          </p>
          <Alert>{errors.root?.server?.message}</Alert>
          <Field
            label="Publication window (minutes)"
            type="number"
            min={0}
            max={10080}
            {...register('window')}
            hint="How long after a draw its result may take to arrive before the lottery counts as stale."
            error={errors.window?.message}
            data-autofocus
          />
          {eras.fields.map((era, index) => (
            <EraFields
              key={era.id}
              index={index}
              times={era.times}
              onRemove={eras.fields.length > 1 ? () => removeEra(index) : undefined}
            />
          ))}
          <p>
            <button type="button" className="secondary" onClick={addEra}>
              Add an era
            </button>
          </p>
          <FormActions busy={isSubmitting} label="Save schedule" onCancel={onClose}>
            {lottery.schedule && (
              <button type="button" className="danger secondary" onClick={onRemove}>
                Remove schedule
              </button>
            )}
          </FormActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
