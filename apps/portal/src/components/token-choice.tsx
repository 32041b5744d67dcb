import { useState, type FormEvent } from 'react';
import { Field } from './field';
import { LoadError } from './load-error';
import { SelectField } from './select-field';
import { errorMessage } from '../app/errors';
import { href } from '../app/router';
import { secretMemory } from '../app/secret-memory';
import { useAllTokens } from '../modules/tokens/queries';
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

/** What the form holds for a chosen token: its secret and where that came from. */
interface Picked {
  tokenId: string;
  secret: string;
  pasted: boolean;
  /** The secret was filled in from the token in use (not typed here, nor recalled from this tab's creations). */
  fromCurrent: boolean;
}

/** The token offered first: the one in use, else one whose secret this tab knows, else the first one. */
function defaultTokenId(tokens: TokenSummary[], current: TokenChoice | null | undefined): string {
  const inUse = tokens.find((t) => t.id === current?.id);
  return (inUse ?? tokens.find((t) => secretMemory.recall(t.id)) ?? tokens[0])?.id ?? '';
}

/** A token as first chosen: the secret in use or remembered by this tab is filled in. */
function pick(tokenId: string, current: TokenChoice | null | undefined): Picked {
  const inUse = current?.id === tokenId ? current : undefined;
  return {
    tokenId,
    secret: inUse?.secret ?? secretMemory.recall(tokenId) ?? '',
    pasted: inUse?.pasted ?? false,
    fromCurrent: Boolean(inUse),
  };
}

/**
 * Picks one of the account's tokens and asks for its secret, which the API never returns again; a secret created
 * in this tab is filled in. A secret that is not the chosen token's is refused at the field.
 */
export function TokenChoiceForm({ onUse, busy, current }: TokenChoiceFormProps) {
  const tokens = useAllTokens();
  // Null until the user picks a token or types a secret: until then the default choice is shown, derived from
  // the list as it loads (no effect copying it into state).
  const [picked, setPicked] = useState<Picked | null>(null);
  const [error, setError] = useState('');
  const shown = picked ?? pick(defaultTokenId(tokens.data ?? [], current), current);
  const { tokenId, secret, pasted, fromCurrent } = shown;

  const choose = (id: string) => {
    setPicked(pick(id, current));
    setError('');
  };

  const chosen = tokens.data?.find((t) => t.id === tokenId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !tokens.data) return;
    const value = secret.trim();
    const mismatch = secretMismatch(chosen, value, tokens.data);
    setError(mismatch);
    if (!mismatch) onUse({ id: chosen.id, prefix: chosen.prefix, secret: value, pasted });
  };

  if (tokens.error)
    return <LoadError error={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />;
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
          onChange={(e) => setPicked({ ...shown, secret: e.target.value, pasted: true, fromCurrent: false })}
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
