import { useId, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../components/field';
import type { RulesValues } from './lottery-values';

/**
 * The main and special numbers' fieldsets, shared by "Add a lottery" and a lottery's Edit dialog: it reads the
 * form it sits in (react-hook-form's FormProvider), whose values include RulesValues.
 */
export function RulesFields() {
  const { register, control } = useFormContext<RulesValues>();
  const hasSpecial = useWatch({ control, name: 'hasSpecial' });
  // Two forms may be on screen at once (the page's and a dialog's): ids must not clash.
  const specialId = useId();
  return (
    <>
      <fieldset className="section-gap">
        <legend>Main numbers</legend>
        <GroupFields group="main" />
      </fieldset>
      <fieldset>
        <legend>Special numbers</legend>
        <p className="check">
          <input id={specialId} type="checkbox" {...register('hasSpecial')} />
          <label htmlFor={specialId}>This lottery draws special numbers</label>
        </p>
        {hasSpecial && (
          <GroupFields group="special">
            <Field label="Called" {...register('specialName')} hint="e.g. Bonus ball" />
          </GroupFields>
        )}
      </fieldset>
    </>
  );
}

/** One group's numbers: how many are drawn, from the lowest to the highest; `children` follow on the row. */
function GroupFields({ group, children }: { group: 'main' | 'special'; children?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RulesValues>();
  const count = `${group}Count` as const;
  const min = `${group}Min` as const;
  const max = `${group}Max` as const;
  return (
    <div className="row">
      <Field
        label="How many"
        type="number"
        min={1}
        required
        {...register(count)}
        error={errors[count]?.message}
      />
      <Field label="Lowest" type="number" min={0} required {...register(min)} error={errors[min]?.message} />
      <Field label="Highest" type="number" min={1} required {...register(max)} error={errors[max]?.message} />
      {children}
    </div>
  );
}
