import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LotteryApiError } from '@lottery-results/sdk';
import { errorMessage } from '../../app/errors';
import { Field } from '../../components/field';
import { showRefusal } from '../../components/form-errors';
import { LotteryTagPicker } from '../../components/lottery-tag-picker';
import { tagTextProblem } from '../../components/lottery-tags';
import {
  EVENTS_PROBLEM,
  NO_LOTTERY_PROBLEM,
  urlProblem,
  WEBHOOK_EVENTS,
  webhookApiProblem,
  type WebhookFormValues,
} from './webhook-values';

export type WebhookForm = UseFormReturn<WebhookFormValues>;

/** The fields a subscription is made of, for the create form and the edit dialog alike. */
export function WebhookFields({ form }: { form: WebhookForm }) {
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const eventsErrorId = useId();
  const someLotteries = watch('someLotteries');
  return (
    <>
      <Field
        label="Target URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/lottery"
        hint="A public https address: the service POSTs each event to it."
        error={errors.url?.message}
        {...register('url', { validate: (url) => urlProblem(url) || true })}
      />
      <fieldset className="webhook-events">
        <legend>Events</legend>
        <div className="webhook-checks">
          {WEBHOOK_EVENTS.map((choice) => (
            <label key={choice.value} className="check">
              <input
                type="checkbox"
                value={choice.value}
                aria-invalid={errors.events ? true : undefined}
                aria-describedby={errors.events ? eventsErrorId : undefined}
                {...register('events', { validate: (events) => events.length > 0 || EVENTS_PROBLEM })}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {errors.events && (
          <span className="field-error" id={eventsErrorId} role="alert">
            {errors.events.message}
          </span>
        )}
      </fieldset>
      <Controller
        control={control}
        name="someLotteries"
        render={({ field }) => (
          <fieldset className="webhook-lottery-scope">
            <legend>Lotteries</legend>
            <label className="check">
              <input
                type="radio"
                name={field.name}
                checked={!field.value}
                onChange={() => field.onChange(false)}
              />
              <span>Every lottery</span>
            </label>
            <label className="check">
              <input
                type="radio"
                name={field.name}
                checked={field.value}
                onChange={() => field.onChange(true)}
              />
              <span>Only the lotteries I choose</span>
            </label>
          </fieldset>
        )}
      />
      {someLotteries && (
        <Controller
          control={control}
          name="lotteries"
          rules={{
            validate: (tags, values) =>
              !values.someLotteries ||
              (tags.length === 0 ? NO_LOTTERY_PROBLEM : tagTextProblem(tags) || true),
          }}
          render={({ field, fieldState }) => (
            // The picker is no single input: react-hook-form focuses its first one when the choice is refused.
            <div
              ref={(box) =>
                field.ref(box && { focus: () => box.querySelector<HTMLElement>('input')?.focus() })
              }
            >
              <LotteryTagPicker
                label="Send events of these lotteries"
                multiple
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            </div>
          )}
        />
      )}
    </>
  );
}

/** An API refusal at its field, in the portal's words; anything else above the form. */
export function showApiError(form: WebhookForm, caught: unknown): void {
  const problem = caught instanceof LotteryApiError ? webhookApiProblem(caught.message) : undefined;
  showRefusal(problem ? { [problem.field]: problem.text } : { form: errorMessage(caught) }, form.setError);
}
