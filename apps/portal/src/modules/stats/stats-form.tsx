import { useForm, useWatch } from 'react-hook-form';
import type { Lottery } from '../../app/api-types';
import { apiFieldErrors } from '../../app/field-errors';
import { Alert } from '../../components/alert';
import { reversedRangeError } from '../../components/date-range';
import { DateRangeFields } from '../../components/date-range-fields';
import { showRefusal } from '../../components/form-errors';
import { SelectField } from '../../components/select-field';
import { defaultLotteryTag } from '../../components/token-step';
import type { StatsRequest } from './queries';
import { defaultWindow } from './stats-window';

const WINDOW_FIELDS = ['from', 'to'] as const;

interface StatsValues {
  tag: string;
  from: string;
  to: string;
}

interface StatsFormProps {
  lotteries: Lottery[];
  /** Asks for the statistics; an API error it throws is shown at its field. */
  onShow: (request: StatsRequest) => Promise<void>;
  /** The window was refused here: figures of an earlier window should not stay beside the error. */
  onInvalid: () => void;
}

function windowOf(lotteries: Lottery[], tag: string): { from: string; to: string } {
  const lottery = lotteries.find((l) => l.tag === tag);
  return lottery ? defaultWindow(lottery) : { from: '', to: '' };
}

function initialValues(lotteries: Lottery[]): StatsValues {
  const tag = defaultLotteryTag(lotteries);
  return { tag, ...windowOf(lotteries, tag) };
}

/**
 * The lottery and the window: two dates that start on the API's default (the latest rule era's first day to the
 * latest draw). A window that ends before it starts is caught here, before any request (each costs a unit of
 * quota); the API judges the rest, and its refusal is shown at the field it names.
 */
export function StatsForm({ lotteries, onShow, onInvalid }: StatsFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<StatsValues>({ defaultValues: initialValues(lotteries) });
  const tag = useWatch({ control, name: 'tag' });
  const lottery = lotteries.find((l) => l.tag === tag);

  const submit = handleSubmit(async ({ from, to }) => {
    if (!lottery) return;
    try {
      await onShow({ lottery, ...(from ? { from } : {}), ...(to ? { to } : {}) });
    } catch (caught) {
      showRefusal(apiFieldErrors(caught, WINDOW_FIELDS), setError);
    }
  }, onInvalid);

  const first = lottery?.draws.first ?? undefined;
  const last = lottery?.draws.last ?? undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="step-window">
      <Alert>{errors.root?.server?.message}</Alert>
      <SelectField
        label="Lottery"
        hint={first && last ? `Draws stored from ${first} to ${last}.` : 'No draw is stored yet.'}
        {...register('tag', {
          // Another lottery, another history: its own default window, and no error about the last one.
          onChange: (event: { target: { value: string } }) => {
            const window = windowOf(lotteries, event.target.value);
            setValue('from', window.from);
            setValue('to', window.to);
            clearErrors();
          },
        })}
      >
        {lotteries.map((l) => (
          <option key={l.tag} value={l.tag}>
            {l.name} ({l.country}) — {l.tag}
          </option>
        ))}
      </SelectField>
      <DateRangeFields
        first={first}
        last={last}
        // A new From may mend (or break) the window: To is checked again.
        from={register('from', { deps: ['to'] })}
        to={register('to', { validate: (to, values) => reversedRangeError(values.from, to) ?? true })}
        errors={errors}
        fromHint="Empty: from the start of the current rules"
      />
      <button type="submit" disabled={isSubmitting || !lottery}>
        {isSubmitting ? 'Loading…' : 'Show'}
      </button>
    </form>
  );
}
