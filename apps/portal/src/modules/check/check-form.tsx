import { LotteryApiError } from '@lottery-results/sdk';
import { useForm, useWatch } from 'react-hook-form';
import type { Lottery } from '../../app/api-types';
import type { FieldErrors } from '../../app/field-errors';
import { tabMemory } from '../../app/tab-memory';
import { Alert } from '../../components/alert';
import { reversedRangeError } from '../../components/date-range';
import { DateRangeFields } from '../../components/date-range-fields';
import { Field } from '../../components/field';
import { resolverOf, showRefusal } from '../../components/form-errors';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { defaultLotteryTag } from '../../components/token-step';
import type { CheckRequest, DrawsToCheck } from './queries';
import { checkFieldErrors, exampleLine, linesHint, parseLines, type CheckField } from './ticket-lines';

type Mode = 'latest' | 'date' | 'range';

const MODES: { value: Mode; label: string }[] = [
  { value: 'latest', label: 'Latest draw' },
  { value: 'date', label: 'One date' },
  { value: 'range', label: 'A range' },
];

/** What was typed and chosen for the last check sent in this tab: coming back to the page shows it again. */
interface CheckFormValues {
  tag: string;
  lines: string;
  mode: Mode;
  date: string;
  from: string;
  to: string;
}
const FORM_MEMORY = 'check-form';

function rememberedValues(lotteries: Lottery[]): CheckFormValues {
  const kept = tabMemory.get<CheckFormValues>(FORM_MEMORY);
  if (kept && lotteries.some((l) => l.tag === kept.tag)) return kept;
  return { tag: defaultLotteryTag(lotteries), lines: '', mode: 'latest', date: '', from: '', to: '' };
}

/**
 * The lines' shape and the dates, checked here before any call: nothing is sent (nor metered) in vain. The
 * draws to check, or what is wrong at each field.
 */
function readCheck(
  { tag, lines, mode, date, from, to }: CheckFormValues,
  lotteries: Lottery[],
): { request: CheckRequest } | { errors: FieldErrors<CheckField> } {
  const lottery = lotteries.find((l) => l.tag === tag);
  if (!lottery) return { errors: {} };
  const parsed = parseLines(lines, lottery);
  const errors: FieldErrors<CheckField> = {};
  if ('error' in parsed) errors.lines = parsed.error;
  if (mode === 'date' && !date) errors.date = 'Choose the date of a draw.';
  const reversed = mode === 'range' ? reversedRangeError(from, to) : undefined;
  if (reversed) errors.to = reversed;
  if ('error' in parsed || Object.keys(errors).length > 0) return { errors };
  const draws: DrawsToCheck =
    mode === 'date' ? { date } : mode === 'range' ? rangeToCheck(lottery, from, to) : {};
  return { request: { lottery, lines: parsed, draws } };
}

interface CheckFormProps {
  lotteries: Lottery[];
  /** Sends the check; an API error it throws is shown at its field. */
  onCheck: (request: CheckRequest) => Promise<void>;
}

export function CheckForm({ lotteries, onCheck }: CheckFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CheckFormValues>({
    defaultValues: rememberedValues(lotteries),
    resolver: resolverOf((values) => {
      const read = readCheck(values, lotteries);
      return 'errors' in read ? read.errors : {};
    }),
  });
  const [tag, mode] = useWatch({ control, name: ['tag', 'mode'] });
  const lottery = lotteries.find((l) => l.tag === tag);

  const submit = handleSubmit(async (values) => {
    const read = readCheck(values, lotteries);
    if (!('request' in read)) return;
    const { request } = read;
    tabMemory.set<CheckFormValues>(FORM_MEMORY, values);
    try {
      await onCheck(request);
    } catch (caught) {
      const { lottery: checked, lines } = request;
      // No draw on the date asked: that date is what to change.
      const noDraw = values.mode === 'date' && caught instanceof LotteryApiError && caught.status === 404;
      showRefusal(
        noDraw
          ? { date: `${checked.name} has no draw on ${values.date}. ${drawSpan(checked)}` }
          : checkFieldErrors(caught, lines.lineNumbers, checked),
        setError,
      );
    }
  });

  const first = lottery?.draws.first ?? undefined;
  const last = lottery?.draws.last ?? undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="step-check">
      <Alert>{errors.root?.server?.message}</Alert>
      <SelectField
        label="Lottery"
        {...register('tag', { onChange: () => clearErrors() })}
        hint={lottery ? drawSpan(lottery) : undefined}
      >
        {lotteries.map((l) => (
          <option key={l.tag} value={l.tag}>
            {l.name} ({l.country}) — {l.tag}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Your lines"
        rows={5}
        spellCheck={false}
        autoComplete="off"
        {...register('lines')}
        placeholder={lottery ? exampleLine(lottery) : undefined}
        hint={lottery ? linesHint(lottery) : undefined}
        error={errors.lines?.message}
      />
      <fieldset className="check-modes">
        <legend>Draws to check</legend>
        <div className="row">
          {MODES.map((choice) => (
            <label key={choice.value} className="check">
              <input type="radio" value={choice.value} {...register('mode')} />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {mode === 'latest' && (
          <p className="small muted check-mode-note">
            {last ? `The newest draw stored: ${last}.` : 'No draw is stored yet.'}
          </p>
        )}
        {mode === 'date' && (
          <div className="row section-gap">
            <Field
              label="Draw date"
              type="date"
              min={first}
              max={last}
              {...register('date')}
              error={errors.date?.message}
            />
          </div>
        )}
        {mode === 'range' && (
          <DateRangeFields
            className="row section-gap"
            first={first}
            last={last}
            from={register('from')}
            to={register('to')}
            errors={errors}
            fromHint="Empty: from the first draw"
          />
        )}
      </fieldset>
      <button type="submit" disabled={isSubmitting || !lottery}>
        {isSubmitting ? 'Checking…' : 'Check numbers'}
      </button>
    </form>
  );
}

/**
 * A range as its hints promise: an empty From is the lottery's first draw, an empty To its latest. The API reads
 * neither `from` nor `to` as the latest draw alone, so an empty From is always sent as the first draw's date.
 */
export function rangeToCheck(lottery: Lottery, from: string, to: string): DrawsToCheck {
  const start = from || lottery.draws.first;
  return { ...(start ? { from: start } : {}), ...(to ? { to } : {}) };
}

function drawSpan(lottery: Lottery): string {
  const { first, last } = lottery.draws;
  return first && last ? `Draws stored from ${first} to ${last}.` : 'No draw is stored yet.';
}
