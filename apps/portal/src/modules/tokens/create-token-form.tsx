import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';

interface CreateTokenFormProps {
  /** Creates the token; resolves once the secret is in hand. */
  onCreate: (id: string, description: string) => Promise<void>;
}

export function CreateTokenForm({ onCreate }: CreateTokenFormProps) {
  const [id, setId] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onCreate(id.trim(), description.trim());
      setId('');
      setDescription('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-token-title">
      <h2 id="create-token-title">New token</h2>
      <Alert>{error}</Alert>
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
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create token'}
        </button>
      </div>
    </form>
  );
}
