import { LotteryApiError } from '@lottery-results/sdk';

/**
 * A readable sentence for anything a call can throw. The contract's `message` is written for people
 * ("Token already exists with the provided identifier."), so it is shown as it is.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof LotteryApiError) {
    if (error.status === 429) {
      const wait = error.retryAfter
        ? ` Try again in ${waitInWords(error.retryAfter)}.`
        : ' Try again shortly.';
      return `Too many requests.${wait}`;
    }
    return error.message || `${error.status} ${error.error}`;
  }
  if (error instanceof TypeError)
    return 'The service cannot be reached. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/**
 * A wait as a person reads it: "452 s" makes them do the arithmetic, so seconds under a minute, then whole minutes
 * (rounded up: never sooner than the limit lifts), then hours past two.
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** True when the API refused the JWT itself (expired, signed with another secret): the session is over. */
export function isSessionError(error: unknown): boolean {
  return error instanceof LotteryApiError && error.status === 401;
}

/**
 * The contract's messages about a field, in the portal's words. The API names fields as its JSON does
 * (`Invalid 'newPassword' value: too easy to guess. …`): right for a program, wrong next to a labelled input.
 * Messages without a known rewording pass unchanged (most contract messages are already plain sentences).
 */
const REWORDED: Record<string, string> = {
  'Invalid email or password.': 'The e-mail address or the password is wrong.',
  'An account with this email already exists.':
    'An account already uses this e-mail address. Log in, or ask for a new password if you forgot it.',
  'Current password is incorrect.': 'This is not your current password.',
  "Invalid 'password' value. Expected the account's current password.": 'This is not your password.',
  "Invalid 'email' value. Expected an address other than the account's current one.":
    'This is already your address. Give the new one.',
  'This confirmation link is unknown, expired or already used.':
    'This link is unknown, has expired (after 24 hours) or was already used.',
  'This cancellation link is unknown, expired or already used: no change of address is waiting for it.':
    'This link is unknown, has expired (after 24 hours) or was already used: no change of your address is waiting.',
  'This verification link is unknown, expired or already used.':
    'This link is unknown, has expired (after 24 hours) or was already used.',
  "Invalid 'email' value. Expected an email address of at most 254 characters.":
    'Enter an e-mail address, such as jane@example.com.',
  "Invalid 'currentPassword' value. Expected a string of at most 1024 characters.":
    'This is not your current password.',
  "Invalid 'expiresAt' value. Expected an ISO 8601 date-time in the future.": 'Choose a date in the future.',
  "Invalid 'description' value. Expected text of at most 500 characters, or null.":
    'Keep the description to 500 characters at most.',
};

/** `Invalid 'password' value: too easy to guess. <zxcvbn's reason, already plain English>` */
const TOO_EASY = /^Invalid '(?:password|newPassword)' value: too easy to guess\.\s*(.*)$/s;
/** `Invalid 'password' value. Expected a string of 10 to 128 characters.` */
const LENGTH =
  /^Invalid '(?:password|newPassword)' value\. Expected a string of (\d+) to (\d+) characters\.$/;

export function portalMessage(message: string): string {
  const reworded = REWORDED[message];
  if (reworded) return reworded;
  const tooEasy = TOO_EASY.exec(message);
  if (tooEasy)
    return `This password is too easy to guess. ${tooEasy[1] || 'Use a few uncommon words.'}`.trim();
  const length = LENGTH.exec(message);
  if (length) return `Use ${length[1]} to ${length[2]} characters.`;
  return message;
}

/** A form's errors (see field-errors.ts), each in the portal's words. */
export function inPortalWords<T extends Partial<Record<string, string>>>(errors: T): T {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message && portalMessage(message)]),
  ) as T;
}
