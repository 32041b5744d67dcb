import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { EXPIRY_CHOICES } from './expiry';
import { ExpiryFields } from './expiry-fields';
import { EMPTY_TOKEN, type CreateTokenValues } from './token-form';

interface CreateTokenFormProps {
  /** Creates the token; resolves once the secret is in hand, rejects when refused (the page shows why). */
  onCreate: (values: CreateTokenValues) => Promise<unknown>;
  /** Why the last creation was refused; the page clears it when another action starts. */
  error: string;
  busy: boolean;
  /** How many tokens the account holds and may hold; unknown while loading. */
  allowance?: { count: number; max: number };
}

export function CreateTokenForm({ onCreate, error, busy, allowance }: CreateTokenFormProps) {
  const form = useForm<CreateTokenValues>({ defaultValues: EMPTY_TOKEN });
  const { register, handleSubmit, reset } = form;
  // Said before the holder tries, rather than learnt from the API's refusal.
  const full = allowance !== undefined && allowance.count >= allowance.max;
  const submit = handleSubmit(async (values) => {
    try {
      await onCreate(values);
      reset(EMPTY_TOKEN);
    } catch {
      // Refused: the values stay for another try, and the page shows the reason.
    }
  });

  return (
    <FormProvider {...form}>
      <form className="card" onSubmit={submit} aria-labelledby="create-token-title">
        <div className="page-head">
          <h2 id="create-token-title">New token</h2>
          {allowance && (
            <p className="small muted" data-testid="token-allowance">
              {allowance.count} of {allowance.max} tokens used
            </p>
          )}
        </div>
        {full && (
          <Alert kind="warning">
            You have {allowance.max} tokens, the most an account can hold. Delete a token you no longer use to
            create another.
          </Alert>
        )}
        <Alert>{error}</Alert>
        <fieldset className="plain" disabled={full}>
          <legend className="visually-hidden">New token</legend>
          <div className="row">
            <Field label="Token id" {...register('id')} hint="Unique in your account, e.g. production." />
            <Field label="Description" {...register('description')} hint="Optional." />
            <ExpiryFields choices={EXPIRY_CHOICES} hint="It is refused from then on." />
            <button type="submit" disabled={busy || full}>
              {busy ? 'Creating…' : 'Create token'}
            </button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
