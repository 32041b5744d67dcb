import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../components/field';
import type { RulesValues } from './lottery-values';

/**
 * The main and special numbers' fieldsets, shared by "Add a lottery" and a lottery's Edit dialog: it reads the
 * form it sits in (react-hook-form's FormProvider), whose values include RulesValues.
 */
export function RulesFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<RulesValues>();
  const hasSpecial = useWatch({ control, name: 'hasSpecial' });
  // Two forms may be on screen at once (the page's and a dialog's): ids must not clash.
  const specialId = useId();
  const error = (field: keyof RulesValues) => errors[field]?.message;
  return (
    <>
      <fieldset className="section-gap">
        <legend>Main numbers</legend>
        <div className="row">
          <Field
            label="How many"
            type="number"
            min={1}
            required
            {...register('mainCount')}
            error={error('mainCount')}
          />
          <Field
            label="Lowest"
            type="number"
            min={0}
            required
            {...register('mainMin')}
            error={error('mainMin')}
          />
          <Field
            label="Highest"
            type="number"
            min={1}
            required
            {...register('mainMax')}
            error={error('mainMax')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Special numbers</legend>
        <p className="check">
          <input id={specialId} type="checkbox" {...register('hasSpecial')} />
          <label htmlFor={specialId}>This lottery draws special numbers</label>
        </p>
        {hasSpecial && (
          <div className="row">
            <Field
              label="How many"
              type="number"
              min={1}
              required
              {...register('specialCount')}
              error={error('specialCount')}
            />
            <Field
              label="Lowest"
              type="number"
              min={0}
              required
              {...register('specialMin')}
              error={error('specialMin')}
            />
            <Field
              label="Highest"
              type="number"
              min={1}
              required
              {...register('specialMax')}
              error={error('specialMax')}
            />
            <Field label="Called" {...register('specialName')} hint="e.g. Bonus ball" />
          </div>
        )}
      </fieldset>
    </>
  );
}
