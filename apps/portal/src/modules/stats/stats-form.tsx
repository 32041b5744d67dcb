import { useRef, useState, type FormEvent } from 'react';
import type { Lottery } from '../../app/api-types';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { Alert } from '../../components/alert';
import { DateRangeFields } from '../../components/date-range-fields';
import { SelectField } from '../../components/select-field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { defaultLotteryTag } from '../try-it/token-step';
import { defaultWindow } from './stats-window';

type WindowField = 'from' | 'to';
const FIELDS: readonly WindowField[] = ['from', 'to'];

export interface StatsRequest {
  lottery: Lottery;
  from?: string;
  to?: string;
}

interface StatsFormProps {
  lotteries: Lottery[];
  /** Asks for the statistics; an API error it throws is shown at its field. */
  onShow: (request: StatsRequest) => Promise<void>;
}

/**
 * The lottery and the window: two dates that start on the API's default (the latest rule era's first day to the
 * latest draw). The dates are the API's to judge: its refusal is shown at the field it names.
 */
export function StatsForm({ lotteries, onShow }: StatsFormProps) {
  const [tag, setTag] = useState(() => defaultLotteryTag(lotteries));
  const lottery = lotteries.find((l) => l.tag === tag);
  const [from, setFrom] = useState(() => (lottery ? defaultWindow(lottery).from : ''));
  const [to, setTo] = useState(() => (lottery ? defaultWindow(lottery).to : ''));
  const [errors, setErrors] = useState<FieldErrors<WindowField>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const choose = (next: string) => {
    setTag(next);
    setErrors({});
    const chosen = lotteries.find((l) => l.tag === next);
    const window = chosen ? defaultWindow(chosen) : { from: '', to: '' };
    setFrom(window.from);
    setTo(window.to);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!lottery) return;
    setErrors({});
    setBusy(true);
    try {
      await onShow({ lottery, ...(from ? { from } : {}), ...(to ? { to } : {}) });
    } catch (caught) {
      setErrors(apiFieldErrors(caught, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  const first = lottery?.draws.first ?? undefined;
  const last = lottery?.draws.last ?? undefined;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="step-window">
      <Alert>{errors.form}</Alert>
      <SelectField
        label="Lottery"
        name="lottery"
        value={tag}
        onChange={(e) => choose(e.target.value)}
        hint={first && last ? `Draws stored from ${first} to ${last}.` : 'No draw is stored yet.'}
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
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        errors={errors}
        fromHint="Empty: from the start of the current rules"
      />
      <button type="submit" disabled={busy || !lottery}>
        {busy ? 'Loading…' : 'Show'}
      </button>
    </form>
  );
}
