import type { Token } from '../../app/api-types';
import { TableScroll } from '../../components/table-scroll';
import { formatDateTime, fromNow } from '../../app/format';
import { expiryState, tokenStatus } from './expiry';
import { TokenStatusBadge } from './token-status-badge';

interface TokenTableProps {
  tokens: Token[];
  onEdit: (token: Token) => void;
  onReset: (token: Token) => void;
  onDelete: (token: Token) => void;
}

/** The tokens; on a narrow screen each row becomes a card of labelled lines (`table.stack`, `data-label`). */
export function TokenTable({ tokens, onEdit, onReset, onDelete }: TokenTableProps) {
  return (
    <TableScroll label="Your API tokens" stack>
      <table className="stack">
        <caption className="visually-hidden">Your API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Description</th>
            <th scope="col">Starts with</th>
            <th scope="col">Expires</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} data-token-id={token.id}>
              {/* Its status under its id (Active, Expired), not a column of its own: the actions stay on one line. */}
              <th scope="row">
                {token.id}
                <div className="token-status">
                  <TokenStatusBadge status={tokenStatus(token)} />
                </div>
              </th>
              <td data-label="Description">{token.description || <span className="muted">—</span>}</td>
              <td data-label="Starts with">
                <code>{token.prefix}…</code>
                {token.previousSecretExpiresAt && (
                  <div className="small muted">
                    Previous secret works until {formatDateTime(token.previousSecretExpiresAt)}
                  </div>
                )}
              </td>
              <td data-label="Expires">
                <Expiry token={token} />
              </td>
              <td data-label="Created">{formatDateTime(token.createdAt)}</td>
              <td data-label="Last used">
                {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : <span className="muted">never</span>}
              </td>
              <td>
                <div className="actions">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onEdit(token)}
                    aria-label={`Edit token ${token.id}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onReset(token)}
                    aria-label={`Reset token ${token.id}`}
                  >
                    Reset
                  </button>
                  <button
                    type="button"
                    className="danger secondary"
                    onClick={() => onDelete(token)}
                    aria-label={`Delete token ${token.id}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The expiry date, with a badge when it is near (a past one: the Status column says Expired). */
function Expiry({ token }: { token: Token }) {
  const { expiresAt } = token;
  const state = expiryState(token);
  if (!expiresAt || state === 'never') return <span className="muted">never</span>;
  return (
    <>
      {formatDateTime(expiresAt)}
      {state === 'soon' && (
        <>
          {' '}
          <span className="badge warn">expires {fromNow(expiresAt)}</span>
        </>
      )}
    </>
  );
}
