/**
 * SQL: the one-time link in the row `table` (a table name or alias with `used_at`, `expires_at`, `account_id` and
 * `session_version`) still works: not used, not expired, and the account's session version is still the one it was
 * made under. A password change or reset moves the version on, so a link dies with the password of its time.
 */
export const liveLink = (table: string) =>
  `${table}.used_at IS NULL AND ${table}.expires_at > now() AND ${table}.session_version = ` +
  `(SELECT a.session_version FROM accounts a WHERE a.id = ${table}.account_id)`;
