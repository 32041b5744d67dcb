import type { DrawSchedule, Lottery } from '../../../app/api-types';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { useFocusInvalid } from '../../../components/use-focus-invalid';
import { EraFields } from './era-fields';
import {
  newEra,
  scheduleErrors,
  scheduleOf,
  valuesOf,
  type EraValues,
  type ScheduleErrors,
} from './schedule-values';

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
  const [values, setValues] = useState(() => valuesOf(lottery));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const setEra = (index: number, era: EraValues) =>
    setValues((v) => ({ ...v, eras: v.eras.map((old, i) => (i === index ? era : old)) }));
  const removeEra = (index: number) => {
    setValues((v) => ({ ...v, eras: v.eras.filter((_, i) => i !== index) }));
    // Errors are placed by era number, which has just shifted.
    setErrors({});
  };
  const addEra = () => setValues((v) => ({ ...v, eras: [...v.eras, newEra(lottery, v.eras.at(-1))] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = scheduleOf(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(checked.schedule);
      onClose();
    } catch (caught) {
      setErrors(scheduleErrors(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Draw schedule of “${lottery.name}”`} onClose={onClose}>
      {/* noValidate: the API checks the schedule, and its message is shown at the field it is about. */}
      <form ref={form} onSubmit={submit} noValidate>
        <p className="small muted">
          {lottery.schedule
            ? 'The next draw and the freshness of this lottery follow this calendar.'
            : 'This lottery has no schedule: the API gives it no next draw and no freshness until it has one.'}
        </p>
        <Alert>{errors.form}</Alert>
        <Field
          label="Publication window (minutes)"
          name="publication-window"
          type="number"
          min={0}
          max={10080}
          value={values.window}
          onChange={(e) => setValues((v) => ({ ...v, window: e.target.value }))}
          hint="How long after a draw its result may take to arrive before the lottery counts as stale."
          error={errors.window}
          data-autofocus
        />
        {values.eras.map((era, index) => (
          <EraFields
            key={index}
            index={index}
            era={era}
            errors={errors}
            onChange={(changed) => setEra(index, changed)}
            onRemove={values.eras.length > 1 ? () => removeEra(index) : undefined}
          />
        ))}
        <p>
          <button type="button" className="secondary" onClick={addEra}>
            Add an era
          </button>
        </p>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save schedule'}
          </button>
          {lottery.schedule && (
            <button type="button" className="danger secondary" onClick={onRemove}>
              Remove schedule
            </button>
          )}
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
