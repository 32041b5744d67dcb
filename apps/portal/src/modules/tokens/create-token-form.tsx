import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../app/errors';
import { EXPIRY_CHOICES, expiresAtFor, today, type ExpiryChoice } from './expiry';

export interface NewToken {
  id: string;
  description: string;
  expiresAt?: string;
}

interface CreateTokenFormProps {
  /** Creates the token; resolves once the secret is in hand. */
  onCreate: (token: NewToken) => Promise<void>;
  /** How many tokens the account holds and may hold; unknown while loading. */
  allowance?: { count: number; max: number };
  /** Changes when the page starts another action: an old refusal of this form is then cleared. */
  otherActions?: number;
}

export function CreateTokenForm({ onCreate, allowance, otherActions = 0 }: CreateTokenFormProps) {
  const [id, setId] = useState('');
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [date, setDate] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(''), [otherActions]);
  // Said before the holder tries, rather than learnt from the API's refusal.
  const full = allowance !== undefined && allowance.count >= allowance.max;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onCreate({
        id: id.trim(),
        description: description.trim(),
        expiresAt: expiresAtFor(expiry, date),
      });
      setId('');
      setDescription('');
      setExpiry('never');
      setDate('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
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
          <Field
            label="Token id"
            name="token-id"
            value={id}
            onChange={(e) => setId(e.target.value)}
            hint="Unique in your account, e.g. production."
          />
          <Field
            label="Description"
            name="token-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            hint="Optional."
          />
          <SelectField
            label="Expires"
            name="token-expiry"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
            hint="It is refused from then on."
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          {expiry === 'date' && (
            <Field
              label="Expiry date"
              name="token-expiry-date"
              type="date"
              required
              min={today()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              hint="Works until the end of that day, your time."
            />
          )}
          <button type="submit" disabled={busy || full}>
            {busy ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
