import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';

interface DateRangeFieldsProps {
  /** The dates a draw can have: the first and the latest stored. */
  first?: string;
  last?: string;
  /** The two fields as the form registers them. */
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  errors: { from?: { message?: string }; to?: { message?: string } };
  /** What an empty From means on this page. */
  fromHint: string;
  className?: string;
}

/** A From/To pair of date fields within a lottery's draws (Check numbers, Stats). */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { first, last, from, to, errors, fromHint, className = 'row' } = props;
  return (
    <div className={className}>
      <Field
        label="From"
        type="date"
        min={first}
        max={last}
        {...from}
        hint={fromHint}
        error={errors.from?.message}
      />
      <Field
        label="To"
        type="date"
        min={first}
        max={last}
        {...to}
        hint="Empty: to the latest draw"
        error={errors.to?.message}
      />
    </div>
  );
}
