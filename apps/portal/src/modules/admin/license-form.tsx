import type { License } from '../../app/api-types';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { resolverOf, showRefusal } from '../../components/form-errors';
import {
  licenseErrors,
  licenseOf,
  licenseRefusal,
  licenseValuesOf,
  NEW_LICENSE,
  type LicenseValues,
} from './licenses';
import { FormActions } from '../../components/form-actions';

interface LicenseFormProps {
  /** The license being edited, or undefined for a new one. */
  license?: License;
  /** Saves the license; an error it throws is shown at its field (or above the form) and the values stay. */
  onSave: (license: License) => Promise<void>;
  onCancel?: () => void;
}

/** The rate limits, in the table's order. */
const RATES = [
  ['perSecond', 'Per second'],
  ['perMinute', 'Per minute'],
  ['perHour', 'Per hour'],
] as const;

export function LicenseForm({ license, onSave, onCancel }: LicenseFormProps) {
  const isNew = !license;
  const { register, handleSubmit, reset, setError, formState } = useForm<LicenseValues>({
    defaultValues: license ? licenseValuesOf(license) : NEW_LICENSE,
    resolver: resolverOf((values: LicenseValues) => licenseErrors(values, isNew)),
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(licenseOf(values));
      // A saved new license leaves an empty form, so that the next one does not start from its values.
      if (isNew) reset(NEW_LICENSE);
    } catch (caught) {
      showRefusal(licenseRefusal(caught, isNew), setError);
    }
  });

  return (
    // noValidate: the form checks the values itself and says what is wrong at each field, in its own words.
    <form onSubmit={submit} noValidate>
      <Alert>{errors.root?.server?.message}</Alert>
      <div className="row">
        {isNew && (
          <Field
            label="Name"
            required
            {...register('name')}
            error={errors.name?.message}
            hint="a-z, 0-9, _ and -"
          />
        )}
        <Field
          label="Monthly quota"
          inputMode="numeric"
          {...register('monthlyQuota')}
          error={errors.monthlyQuota?.message}
          hint="Empty = unlimited."
        />
        {RATES.map(([field, label]) => (
          <Field
            key={field}
            label={label}
            inputMode="numeric"
            required
            {...register(field)}
            error={errors[field]?.message}
          />
        ))}
      </div>
      <FormActions
        className="form-actions"
        busy={isSubmitting}
        label={license ? 'Save' : 'Create license'}
        onCancel={onCancel}
      />
    </form>
  );
}
