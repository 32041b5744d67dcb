import { LotteryApiError } from '@lottery-results/sdk';

/**
 * A readable sentence for anything a call can throw. The contract's `message` is written for people
 * ("Token already exists with the provided identifier."), so it is shown as it is.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof LotteryApiError) {
    if (error.status === 429) {
      const wait = error.retryAfter ? ` Try again in ${error.retryAfter} s.` : ' Try again shortly.';
      return `Too many requests.${wait}`;
    }
    return error.message || `${error.status} ${error.error}`;
  }
  if (error instanceof TypeError)
    return 'The service cannot be reached. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** True when the API refused the JWT itself (expired, signed with another secret): the session is over. */
export function isSessionError(error: unknown): boolean {
  return error instanceof LotteryApiError && error.status === 401;
}
