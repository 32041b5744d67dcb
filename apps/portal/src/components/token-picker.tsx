import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from './alert';
import { Field } from './field';
import { SelectField } from './select-field';
import { useAsync } from './use-async';
import { href } from '../app/router';
import { secretMemory } from '../app/secret-memory';
import { useClient } from '../app/session';

interface TokenPickerProps {
  /** Called with the chosen token's id and the secret typed (or remembered) for it. */
  onUse: (tokenId: string, secret: string) => void;
  submitLabel: string;
  busy?: boolean;
}

/**
 * Picks one of the account's tokens and asks for its secret, which the API never returns again; a secret
 * created in this tab is filled in.
 */
export function TokenPicker({ onUse, submitLabel, busy }: TokenPickerProps) {
  const client = useClient();
  const tokens = useAsync(async () => {
    const ids: { id: string; description: string | null | undefined; prefix: string }[] = [];
    for await (const token of client.tokens()) ids.push(token);
    return ids;
  }, [client]);
  const [tokenId, setTokenId] = useState('');
  const [secret, setSecret] = useState('');

  // Default to a token whose secret this tab knows, else the first one.
  useEffect(() => {
    if (!tokens.data || tokens.data.length === 0 || tokenId) return;
    const known = tokens.data.find((t) => secretMemory.recall(t.id));
    const chosen = known ?? tokens.data[0];
    setTokenId(chosen.id);
    setSecret(secretMemory.recall(chosen.id) ?? '');
  }, [tokens.data, tokenId]);

  const choose = (id: string) => {
    setTokenId(id);
    setSecret(secretMemory.recall(id) ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onUse(tokenId, secret.trim());
  };

  if (tokens.error) return <Alert>{tokens.error}</Alert>;
  if (!tokens.data) return <p aria-live="polite">Loading your tokens…</p>;
  if (tokens.data.length === 0) {
    return (
      <p>
        You have no token yet. <a href={href('/tokens')}>Create one</a> first.
      </p>
    );
  }
  const prefix = tokens.data.find((t) => t.id === tokenId)?.prefix;
  const remembered = Boolean(tokenId && secretMemory.recall(tokenId) === secret && secret);
  return (
    <form onSubmit={submit}>
      <div className="row">
        <SelectField label="Token" name="token" value={tokenId} onChange={(e) => choose(e.target.value)}>
          {tokens.data.map((token) => (
            <option key={token.id} value={token.id}>
              {token.id}
              {token.description ? ` — ${token.description}` : ''}
            </option>
          ))}
        </SelectField>
        <Field
          label="Token secret"
          name="token-secret"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          hint={
            remembered
              ? 'Filled in: you created this token in this tab.'
              : `Paste the secret${prefix ? ` starting with ${prefix}` : ''}: the service never shows it again.`
          }
        />
        <button type="submit" disabled={busy || !secret.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
