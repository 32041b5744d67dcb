import { LotteryApiError } from '@lottery-results/sdk';
import { useRef, useState, type FormEvent } from 'react';
import type { Lottery } from '../../app/api-types';
import type { FieldErrors } from '../../app/field-errors';
import { tabMemory } from '../../app/tab-memory';
import { Alert } from '../../components/alert';
import { DateRangeFields } from '../../components/date-range-fields';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { defaultLotteryTag } from '../try-it/token-step';
import {
  checkFieldErrors,
  exampleLine,
  linesHint,
  parseLines,
  type CheckField,
  type ParsedLines,
} from './ticket-lines';
import { reversedRangeError } from '../../components/date-range';

type Mode = 'latest' | 'date' | 'range';

/** Which draws to check, as `client.check` takes them: none (the latest draw), one date, or a range. */
export type DrawsToCheck = { date: string } | { from?: string; to?: string };

export interface CheckRequest {
  lottery: Lottery;
  lines: ParsedLines;
  draws: DrawsToCheck;
}

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

interface CheckFormProps {
  lotteries: Lottery[];
  /** Sends the check; an API error it throws is shown at its field. */
  onCheck: (request: CheckRequest) => Promise<void>;
}

export function CheckForm({ lotteries, onCheck }: CheckFormProps) {
  const [initial] = useState(() => rememberedValues(lotteries));
  const [tag, setTag] = useState(initial.tag);
  const [lines, setLines] = useState(initial.lines);
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [date, setDate] = useState(initial.date);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [errors, setErrors] = useState<FieldErrors<CheckField>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);
  const lottery = lotteries.find((l) => l.tag === tag);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!lottery) return;
    // The lines' shape and the dates are checked here, before any call: nothing is sent (nor metered) in vain.
    const parsed = parseLines(lines, lottery);
    const found: FieldErrors<CheckField> = {};
    if ('error' in parsed) found.lines = parsed.error;
    if (mode === 'date' && !date) found.date = 'Choose the date of a draw.';
    const reversed = mode === 'range' ? reversedRangeError(from, to) : undefined;
    if (reversed) found.to = reversed;
    setErrors(found);
    if ('error' in parsed || Object.keys(found).length > 0) return;
    const draws: DrawsToCheck =
      mode === 'date' ? { date } : mode === 'range' ? rangeToCheck(lottery, from, to) : {};
    setBusy(true);
    tabMemory.set<CheckFormValues>(FORM_MEMORY, { tag, lines, mode, date, from, to });
    try {
      await onCheck({ lottery, lines: parsed, draws });
    } catch (caught) {
      const apiErrors = checkFieldErrors(caught, parsed.lineNumbers, lottery);
      // No draw on the date asked: that date is what to change.
      if (mode === 'date' && caught instanceof LotteryApiError && caught.status === 404)
        setErrors({ date: `${lottery.name} has no draw on ${date}. ${drawSpan(lottery)}` });
      else setErrors(apiErrors);
    } finally {
      setBusy(false);
    }
  };

  const first = lottery?.draws.first ?? undefined;
  const last = lottery?.draws.last ?? undefined;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="step-check">
      <Alert>{errors.form}</Alert>
      <SelectField
        label="Lottery"
        name="lottery"
        value={tag}
        onChange={(e) => {
          setTag(e.target.value);
          setErrors({});
        }}
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
        name="lines"
        rows={5}
        spellCheck={false}
        autoComplete="off"
        value={lines}
        onChange={(e) => setLines(e.target.value)}
        placeholder={lottery ? exampleLine(lottery) : undefined}
        hint={lottery ? linesHint(lottery) : undefined}
        error={errors.lines}
      />
      <fieldset className="check-modes">
        <legend>Draws to check</legend>
        <div className="row">
          {MODES.map((choice) => (
            <label key={choice.value} className="check">
              <input
                type="radio"
                name="check-draws"
                value={choice.value}
                checked={mode === choice.value}
                onChange={() => setMode(choice.value)}
              />
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
              name="date"
              type="date"
              min={first}
              max={last}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={errors.date}
            />
          </div>
        )}
        {mode === 'range' && (
          <DateRangeFields
            className="row section-gap"
            first={first}
            last={last}
            from={from}
            to={to}
            onFrom={setFrom}
            onTo={setTo}
            errors={errors}
            fromHint="Empty: from the first draw"
          />
        )}
      </fieldset>
      <button type="submit" disabled={busy || !lottery}>
        {busy ? 'Checking…' : 'Check numbers'}
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
