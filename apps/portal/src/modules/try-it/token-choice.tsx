import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { SelectField } from '../../components/select-field';
import { useAsync } from '../../components/use-async';
import { href } from '../../app/router';
import { secretMemory } from '../../app/secret-memory';
import { useClient } from '../../app/session';
import { secretMismatch, type TokenSummary } from './token-match';

/** A token and its secret, checked to belong together. */
export interface TokenChoice {
  id: string;
  prefix: string;
  secret: string;
  /** The user typed or pasted the secret in this tab (it was not filled in from memory). */
  pasted: boolean;
}

interface TokenChoiceFormProps {
  onUse: (choice: TokenChoice) => void;
  busy: boolean;
  /** The token in use (a page that carries on with the tab's last token): chosen and filled in at first. */
  current?: TokenChoice | null;
}

/**
 * Picks one of the account's tokens and asks for its secret, which the API never returns again; a secret created
 * in this tab is filled in. A secret that is not the chosen token's is refused at the field.
 */
export function TokenChoiceForm({ onUse, busy, current }: TokenChoiceFormProps) {
  const client = useClient();
  const tokens = useAsync(async () => {
    const list: TokenSummary[] = [];
    for await (const token of client.tokens()) list.push(token);
    return list;
  }, [client]);
  const [tokenId, setTokenId] = useState('');
  const [secret, setSecret] = useState('');
  const [pasted, setPasted] = useState(false);
  // The secret was filled in from the token in use (not typed here, nor recalled from this tab's creations).
  const [fromCurrent, setFromCurrent] = useState(false);
  const [error, setError] = useState('');

  const choose = (id: string) => {
    const inUse = current?.id === id ? current : undefined;
    setTokenId(id);
    setSecret(inUse?.secret ?? secretMemory.recall(id) ?? '');
    setPasted(inUse?.pasted ?? false);
    setFromCurrent(Boolean(inUse));
    setError('');
  };

  // Default to the token in use, else one whose secret this tab knows, else the first one.
  useEffect(() => {
    if (!tokens.data || tokens.data.length === 0 || tokenId) return;
    const inUse = tokens.data.find((t) => t.id === current?.id);
    choose((inUse ?? tokens.data.find((t) => secretMemory.recall(t.id)) ?? tokens.data[0]).id);
  }, [tokens.data, tokenId]);

  const chosen = tokens.data?.find((t) => t.id === tokenId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !tokens.data) return;
    const value = secret.trim();
    const mismatch = secretMismatch(chosen, value, tokens.data);
    setError(mismatch);
    if (!mismatch) onUse({ id: chosen.id, prefix: chosen.prefix, secret: value, pasted });
  };

  if (tokens.error) return <LoadError error={tokens.error} onRetry={tokens.reload} />;
  if (!tokens.data) return <p aria-live="polite">Loading your tokens…</p>;
  if (tokens.data.length === 0) {
    return (
      <p>
        You have no token yet. <a href={href('/tokens')}>Create one</a> first.
      </p>
    );
  }
  const remembered = Boolean(!pasted && secret && secretMemory.recall(tokenId) === secret);
  const inUse = fromCurrent && current?.id === tokenId && current.secret === secret;
  return (
    <form onSubmit={submit} noValidate>
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
          value={secret}
          onChange={(e) => {
            setSecret(e.target.value);
            setPasted(true);
            setFromCurrent(false);
          }}
          error={error}
          hint={
            inUse
              ? 'Filled in: the token in use.'
              : remembered
                ? 'Filled in: you created this token in this tab.'
                : `Paste the secret${chosen ? ` starting with ${chosen.prefix}` : ''}: the service never shows it again.`
          }
        />
        <button type="submit" disabled={busy || !secret.trim()}>
          {busy ? 'Checking…' : 'Use this token'}
        </button>
      </div>
    </form>
  );
}
