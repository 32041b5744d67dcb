import { TOKEN_STATUS, type TokenStatus } from './expiry';

/** A token's status in words and colour: Active, Expired or Revoked (deleted). */
export function TokenStatusBadge({ status }: { status: TokenStatus }) {
  const { label, badge } = TOKEN_STATUS[status];
  return (
    <span className={`badge ${badge}`} data-token-status={status}>
      {label}
    </span>
  );
}
