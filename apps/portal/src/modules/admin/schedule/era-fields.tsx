import type { Weekday } from '../../../app/api-types';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Field } from '../../../components/field';
import { eraKey, WEEKDAYS, type EraValues, type ScheduleValues } from './schedule-values';

interface EraFieldsProps {
  index: number;
  /** The weekdays drawn at another hour: kept as they are, not edited here. */
  times: EraValues['times'];
  /** Absent for the only era: a schedule has at least one. */
  onRemove?: () => void;
}

const capitalised = (day: string) => day[0].toUpperCase() + day.slice(1);

/**
 * One era of a draw calendar: from which day, in which zone, on which weekdays, at what local time. It reads the
 * schedule form it sits in (react-hook-form's FormProvider).
 */
export function EraFields({ index, times, onRemove }: EraFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ScheduleValues>();
  const daysErrorId = useId();
  const eraErrors = errors.eras?.[index];
  const daysError = eraErrors?.weekdays?.message;
  const otherTimes = Object.entries(times ?? {});
  return (
    <fieldset className="era">
      <legend>Era {index + 1}</legend>
      <div className="row">
        <Field
          label="From"
          type="date"
          {...register(eraKey(index, 'from'))}
          error={eraErrors?.from?.message}
        />
        <Field
          label="Time zone"
          {...register(eraKey(index, 'timezone'))}
          hint="IANA, e.g. America/New_York"
          error={eraErrors?.timezone?.message}
        />
        <Field
          label="Time"
          type="time"
          {...register(eraKey(index, 'time'))}
          hint="Local, in that zone"
          error={eraErrors?.time?.message}
        />
      </div>
      <fieldset className="plain weekdays">
        <legend>Draw days</legend>
        <Controller
          control={control}
          name={`eras.${index}.weekdays`}
          render={({ field }) => {
            const toggle = (day: Weekday, on: boolean) =>
              field.onChange(on ? [...field.value, day] : field.value.filter((d) => d !== day));
            return (
              // Seven check boxes, no single input: react-hook-form focuses the first when the days are refused.
              <div
                className="actions"
                ref={(box) =>
                  field.ref(box && { focus: () => box.querySelector<HTMLElement>('input')?.focus() })
                }
              >
                {WEEKDAYS.map((day) => (
                  <label key={day} className="check">
                    <input
                      type="checkbox"
                      checked={field.value.includes(day)}
                      onChange={(e) => toggle(day, e.target.checked)}
                      aria-invalid={daysError ? true : undefined}
                      aria-describedby={daysError ? daysErrorId : undefined}
                    />
                    {capitalised(day)}
                  </label>
                ))}
              </div>
            );
          }}
        />
        {daysError && (
          <span className="field-error" id={daysErrorId} role="alert">
            {daysError}
          </span>
        )}
      </fieldset>
      {otherTimes.length > 0 && (
        <p className="small muted">
          Drawn at another time (kept as it is):{' '}
          {otherTimes.map(([day, time]) => `${capitalised(day)} ${time}`).join(', ')}.
        </p>
      )}
      {onRemove && (
        <button type="button" className="danger secondary" onClick={onRemove}>
          Remove era {index + 1}
        </button>
      )}
    </fieldset>
  );
}
