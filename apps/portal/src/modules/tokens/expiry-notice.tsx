import type { Token } from '../../app/api-types';
import { Alert } from '../../components/alert';
import { formatDateTime, fromNow } from '../../app/format';
import { expiryState } from './expiry';

/**
 * Warns ahead about tokens whose expiry is near (see warningWindow: a week, or the last quarter of a short
 * lifetime) and says plainly which have expired (their programs are being refused).
 */
export function ExpiryNotice({ tokens }: { tokens: Token[] }) {
  const soon = tokens.filter((token) => expiryState(token) === 'soon');
  const expired = tokens.filter((token) => expiryState(token) === 'expired');
  return (
    <>
      {expired.length > 0 && (
        <Alert kind="error">
          {expired.length === 1 ? 'This token has expired' : 'These tokens have expired'} and{' '}
          {expired.length === 1 ? 'is' : 'are'} refused: {expired.map((t) => `“${t.id}”`).join(', ')}. Create
          a new token for the programs that used {expired.length === 1 ? 'it' : 'them'}, then delete{' '}
          {expired.length === 1 ? 'it' : 'them'}.
        </Alert>
      )}
      {soon.length > 0 && (
        <Alert kind="warning">
          <ul className="plain-list">
            {soon.map((token) => (
              <li key={token.id}>
                Token “{token.id}” expires {fromNow(token.expiresAt as string)} (
                {formatDateTime(token.expiresAt)}): create a new token and switch your programs to it before
                then, or move its expiry (Edit).
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
