import { TableScroll } from '../../components/table-scroll';
import { formatNumber } from '../../app/format';
import { href } from '../../app/router';

export interface TokenUsage {
  id: string;
  count: number;
  success: number;
  errors: number;
}

interface TokenUsageTableProps {
  month: string;
  /** The month's requests, all tokens together (deleted ones included). */
  total: number;
  /** The tokens that still exist and were used, most used first (as the API lists them). */
  tokens: TokenUsage[];
}

/** A month's requests token by token, each with its share of the month. */
export function TokenUsageTable({ month, total, tokens }: TokenUsageTableProps) {
  if (tokens.length === 0) {
    return (
      <p className="muted">
        No token made a request in {month}. <a href={href('/tokens')}>Manage your tokens</a>.
      </p>
    );
  }
  const deleted = total - tokens.reduce((sum, token) => sum + token.count, 0);
  return (
    <>
      <TableScroll label={`Requests by token in ${month}`} stack>
        <table className="stack" data-testid="token-usage">
          <caption className="visually-hidden">Requests by token in {month}</caption>
          <thead>
            <tr>
              <th scope="col">Token</th>
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
            {tokens.map((token) => (
              <tr key={token.id} data-token-id={token.id}>
                <th scope="row">{token.id}</th>
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
                  {total === 0 ? '—' : `${Math.round((token.count / total) * 100)} %`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {deleted > 0 && (
        <p className="small muted">{formatNumber(deleted)} more came from tokens deleted since.</p>
      )}
    </>
  );
}
