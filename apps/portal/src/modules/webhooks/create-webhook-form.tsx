import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useFocusInvalid } from '../../components/use-focus-invalid';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';
import { parseLotteries, WEBHOOK_EVENTS, type WebhookEventType } from './webhook-values';

type Fields = 'url' | 'events' | 'lotteries';

export interface NewWebhook {
  url: string;
  events: WebhookEventType[];
  lotteries: string[] | null;
}

interface CreateWebhookFormProps {
  /** Creates the subscription; resolves once its secret is in hand. An API error is shown at its field. */
  onCreate: (webhook: NewWebhook) => Promise<void>;
}

export function CreateWebhookForm({ onCreate }: CreateWebhookFormProps) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['draw.published', 'draw.corrected']);
  const [lotteries, setLotteries] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const eventsErrorId = useId();
  useFocusInvalid(form, errors);

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((chosen) =>
      on
        ? WEBHOOK_EVENTS.map((e) => e.value).filter((e) => e === event || chosen.includes(e))
        : chosen.filter((e) => e !== event),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      await onCreate({ url: url.trim(), events, lotteries: parseLotteries(lotteries) });
      setUrl('');
      setLotteries('');
      setEvents(['draw.published', 'draw.corrected']);
    } catch (caught) {
      // The API names the field in its message ("Invalid 'url' value. Webhook targets must use https.").
      setErrors(apiFieldErrors(caught, ['url', 'events', 'lotteries']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="card" onSubmit={submit} aria-labelledby="create-webhook-title" noValidate>
      <h2 id="create-webhook-title">New subscription</h2>
      <Alert>{errors.form}</Alert>
      <Field
        label="Target URL"
        name="webhook-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/lottery"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="A public https address: the service POSTs each event to it."
        error={errors.url}
      />
      <fieldset className="webhook-events">
        <legend>Events</legend>
        <div className="webhook-checks">
          {WEBHOOK_EVENTS.map((choice) => (
            <label key={choice.value} className="check">
              <input
                type="checkbox"
                name="webhook-events"
                value={choice.value}
                checked={events.includes(choice.value)}
                onChange={(e) => toggle(choice.value, e.target.checked)}
                aria-invalid={errors.events ? true : undefined}
                aria-describedby={errors.events ? eventsErrorId : undefined}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {errors.events && (
          <span className="field-error" id={eventsErrorId} role="alert">
            {errors.events}
          </span>
        )}
      </fieldset>
      <Field
        label="Lotteries"
        name="webhook-lotteries"
        autoComplete="off"
        spellCheck={false}
        placeholder="all lotteries"
        value={lotteries}
        onChange={(e) => setLotteries(e.target.value)}
        hint="Optional: lottery tags separated by commas, e.g. us_powerball, fr_lotto. Empty: every lottery."
        error={errors.lotteries}
      />
      <button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create subscription'}
      </button>
    </form>
  );
}
