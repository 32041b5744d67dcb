import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { today } from './expiry';
import { checkExpiryDate, type EditExpiryChoice } from './token-form';

/** The part of a token form (creation or edit) that these fields fill. */
interface ExpiryValues {
  expiry: EditExpiryChoice;
  /** 'YYYY-MM-DD', when `expiry` is 'date'. */
  date: string;
}

interface ExpiryFieldsProps {
  choices: readonly { value: EditExpiryChoice; label: string }[];
  /** The Expires select's hint. */
  hint: string;
}

/**
 * A token's expiry: a choice, and a date when "a date" is chosen. It reads the form it sits in (react-hook-form's
 * FormProvider), whose values include `expiry` and `date`.
 */
export function ExpiryFields({ choices, hint }: ExpiryFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ExpiryValues>();
  const expiry = useWatch({ control, name: 'expiry' });
  return (
    <>
      <SelectField label="Expires" {...register('expiry')} hint={hint}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {expiry === 'date' && (
        <Field
          label="Expiry date"
          type="date"
          required
          min={today()}
          {...register('date', { validate: (date) => checkExpiryDate(date, today()) })}
          error={errors.date?.message}
          hint="Works until the end of that day, your time."
        />
      )}
    </>
  );
}
