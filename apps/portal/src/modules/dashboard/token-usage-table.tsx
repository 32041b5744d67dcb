import { TableScroll } from '../../components/table-scroll';
import { formatNumber } from '../../app/format';
import { href } from '../../app/router';
import { tokenStatus, type TokenStatus } from '../tokens/expiry';
import { TokenStatusBadge } from '../tokens/token-status-badge';

export interface TokenUsage {
  id: string;
  count: number;
  success: number;
  errors: number;
}

interface TokenUsageTableProps {
  month: string;
  /** The month's requests, all tokens together (deleted ones included), and of them the successes and errors. */
  total: { count: number; success: number; errors: number };
  /** The tokens that still exist and were used, most used first (as the API lists them). */
  tokens: TokenUsage[];
  /** The account's tokens as listed now (for each one's status); undefined while they load. */
  listed: { id: string; createdAt: string; expiresAt?: string | null }[] | undefined;
}

/** A token of the report: active or expired as listed, revoked when no longer listed (deleted since). */
function statusOf(id: string, listed: TokenUsageTableProps['listed']): TokenStatus | null {
  if (!listed) return null;
  const token = listed.find((t) => t.id === id);
  return token ? tokenStatus(token) : 'revoked';
}

/** A month's requests token by token, each with its share of the month. */
export function TokenUsageTable({ month, total, tokens, listed }: TokenUsageTableProps) {
  if (total.count === 0 && tokens.length === 0) {
    return (
      <p className="muted">
        No token made a request in {month}. <a href={href('/tokens')}>Manage your tokens</a>.
      </p>
    );
  }
  const sum = (key: 'count' | 'success' | 'errors') => tokens.reduce((all, token) => all + token[key], 0);
  // The report names only tokens that still exist; what deleted ones made is the rest of the month's totals.
  const deleted = {
    id: '',
    count: total.count - sum('count'),
    success: total.success - sum('success'),
    errors: total.errors - sum('errors'),
  };
  const rows = deleted.count > 0 ? [...tokens, deleted] : tokens;
  return (
    <TableScroll label={`Requests by token in ${month}`} stack>
      <table className="stack" data-testid="token-usage">
        <caption className="visually-hidden">Requests by token in {month}</caption>
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Requests
            </th>
            <th scope="col" className="num">
              Successful
            </th>
            <th scope="col" className="num">
              Errors
            </th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((token) => {
            const status = token === deleted ? 'revoked' : statusOf(token.id, listed);
            return (
              <tr key={token.id || 'deleted'} data-token-id={token.id || undefined}>
                <th scope="row">{token === deleted ? 'Deleted tokens' : token.id}</th>
                <td data-label="Status">{status && <TokenStatusBadge status={status} />}</td>
                <td className="num" data-label="Requests">
                  {formatNumber(token.count)}
                </td>
                <td className="num" data-label="Successful">
                  {formatNumber(token.success)}
                </td>
                <td className="num" data-label="Errors">
                  {formatNumber(token.errors)}
                </td>
                <td className="num" data-label="Share">
                  {total.count === 0 ? '—' : `${Math.round((token.count / total.count) * 100)} %`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
