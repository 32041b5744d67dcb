/** What the portal knows of a token: its id and the first characters of its secret (the API's `prefix`). */
export interface TokenSummary {
  id: string;
  prefix: string;
  description?: string | null;
}

/**
 * Why a secret cannot be the chosen token's, or '' when it can. The API shows each token's prefix, so a secret
 * pasted for the wrong token is caught before any call: the page then never claims to use one token while
 * sending another's secret.
 */
export function secretMismatch(chosen: TokenSummary, secret: string, tokens: TokenSummary[]): string {
  if (secret.startsWith(chosen.prefix)) return '';
  const owner = tokens.find((token) => secret.startsWith(token.prefix));
  if (owner) {
    return `This is the secret of token “${owner.id}”, not of “${chosen.id}”. Choose “${owner.id}” above, or paste the secret of “${chosen.id}”, which starts with ${chosen.prefix}.`;
  }
  return `This is not the secret of token “${chosen.id}”: that one starts with ${chosen.prefix}.`;
}
