import { Field } from './field';

interface DateRangeFieldsProps {
  /** The dates a draw can have: the first and the latest stored. */
  first?: string;
  last?: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  errors: { from?: string; to?: string };
  /** What an empty From means on this page. */
  fromHint: string;
  className?: string;
}

/** A From/To pair of date fields within a lottery's draws (Check numbers, Stats). */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { first, last, from, to, onFrom, onTo, errors, fromHint, className = 'row' } = props;
  return (
    <div className={className}>
      <Field
        label="From"
        name="from"
        type="date"
        min={first}
        max={last}
        value={from}
        onChange={(e) => onFrom(e.target.value)}
        hint={fromHint}
        error={errors.from}
      />
      <Field
        label="To"
        name="to"
        type="date"
        min={first}
        max={last}
        value={to}
        onChange={(e) => onTo(e.target.value)}
        hint="Empty: to the latest draw"
        error={errors.to}
      />
    </div>
  );
}
