import type { Weekday } from '../../../app/api-types';
import { useId } from 'react';
import { Field } from '../../../components/field';
import { eraKey, WEEKDAYS, type EraValues, type ScheduleErrors } from './schedule-values';

interface EraFieldsProps {
  index: number;
  era: EraValues;
  errors: ScheduleErrors;
  onChange: (era: EraValues) => void;
  /** Absent for the only era: a schedule has at least one. */
  onRemove?: () => void;
}

const capitalised = (day: string) => day[0].toUpperCase() + day.slice(1);

/** One era of a draw calendar: from which day, in which zone, on which weekdays, at what local time. */
export function EraFields({ index, era, errors, onChange, onRemove }: EraFieldsProps) {
  const daysErrorId = useId();
  const daysError = errors[eraKey(index, 'weekdays')];
  const toggle = (day: Weekday, on: boolean) =>
    onChange({ ...era, weekdays: on ? [...era.weekdays, day] : era.weekdays.filter((d) => d !== day) });
  const otherTimes = Object.entries(era.times ?? {});
  return (
    <fieldset className="era">
      <legend>Era {index + 1}</legend>
      <div className="row">
        <Field
          label="From"
          type="date"
          name={`era-${index}-from`}
          value={era.from}
          onChange={(e) => onChange({ ...era, from: e.target.value })}
          error={errors[eraKey(index, 'from')]}
        />
        <Field
          label="Time zone"
          name={`era-${index}-timezone`}
          value={era.timezone}
          onChange={(e) => onChange({ ...era, timezone: e.target.value })}
          hint="IANA, e.g. America/New_York"
          error={errors[eraKey(index, 'timezone')]}
        />
        <Field
          label="Time"
          type="time"
          name={`era-${index}-time`}
          value={era.time}
          onChange={(e) => onChange({ ...era, time: e.target.value })}
          hint="Local, in that zone"
          error={errors[eraKey(index, 'time')]}
        />
      </div>
      <fieldset className="plain weekdays">
        <legend>Draw days</legend>
        <div className="actions">
          {WEEKDAYS.map((day) => (
            <label key={day} className="check">
              <input
                type="checkbox"
                checked={era.weekdays.includes(day)}
                onChange={(e) => toggle(day, e.target.checked)}
                aria-invalid={daysError ? true : undefined}
                aria-describedby={daysError ? daysErrorId : undefined}
              />
              {capitalised(day)}
            </label>
          ))}
        </div>
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
