import type { Token } from '../../app/api-types';
import { formatDateTime } from '../../app/format';

interface TokenTableProps {
  tokens: Token[];
  onEdit: (token: Token) => void;
  onReset: (token: Token) => void;
  onDelete: (token: Token) => void;
}

export function TokenTable({ tokens, onEdit, onReset, onDelete }: TokenTableProps) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Your API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Description</th>
            <th scope="col">Starts with</th>
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
              <th scope="row">{token.id}</th>
              <td>{token.description || <span className="muted">—</span>}</td>
              <td>
                <code>{token.prefix}…</code>
              </td>
              <td>{formatDateTime(token.createdAt)}</td>
              <td>
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
    </div>
  );
}
