/** Token expiry: the choices offered at creation, and where a token stands. */

const DAY = 24 * 60 * 60 * 1000;

/** The most notice a coming expiry gets: a week leaves time to roll out a replacement. */
export const EXPIRY_WARNING_MS = 7 * DAY;

/** The form's choices: days from now, 'never', or 'date' (a date the holder picks). */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
  { value: 'date', label: 'On a date…' },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/**
 * The `expiresAt` to send for a choice, or undefined for none. A picked date means "until the end of that day"
 * in the holder's time zone.
 */
export function expiresAtFor(choice: ExpiryChoice, date: string, now = Date.now()): string | undefined {
  if (choice === 'never') return undefined;
  if (choice === 'date') {
    const [year, month, day] = date.split('-').map(Number);
    return new Date(year, month - 1, day, 23, 59, 59).toISOString();
  }
  return new Date(now + Number(choice) * DAY).toISOString();
}

/** Today in the holder's time zone, 'YYYY-MM-DD': the earliest date to pick (the token then lasts until midnight). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type ExpiryState = 'never' | 'valid' | 'soon' | 'expired';

/**
 * How long before its expiry a token is announced as expiring: a week, or the last quarter of its lifetime when
 * that is shorter. A week suits a token meant to last months; a token made to last 7 days (or one day) would be
 * "expiring" from the moment it was created, and a warning that is always on gets ignored. The last quarter still
 * leaves a short-lived token's owner time to act (42 hours of a 7-day token). Same rule as the session warning.
 */
export function warningWindow(createdAt: string, expiresAt: string): number {
  const lifetime = new Date(expiresAt).getTime() - new Date(createdAt).getTime();
  return Math.min(EXPIRY_WARNING_MS, Math.max(0, lifetime) / 4);
}

/** Where a token stands; `createdAt` gives its lifetime (see warningWindow). */
export function expiryState(
  token: { createdAt: string; expiresAt?: string | null },
  now = Date.now(),
): ExpiryState {
  const { createdAt, expiresAt } = token;
  if (!expiresAt) return 'never';
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return 'expired';
  return left <= warningWindow(createdAt, expiresAt) ? 'soon' : 'valid';
}

/** A token's status in the lists: expired ones are refused like unknown ones; deleted ones are gone (revoked). */
export type TokenStatus = 'active' | 'expired' | 'revoked';

export const TOKEN_STATUS: Record<TokenStatus, { label: string; badge: string }> = {
  active: { label: 'Active', badge: 'ok' },
  expired: { label: 'Expired', badge: 'off' },
  revoked: { label: 'Revoked', badge: 'off' },
};

/** Active or expired, for a token that still exists (a deleted one is revoked, and no longer listed). */
export function tokenStatus(
  token: { createdAt: string; expiresAt?: string | null },
  now = Date.now(),
): Exclude<TokenStatus, 'revoked'> {
  return expiryState(token, now) === 'expired' ? 'expired' : 'active';
}
