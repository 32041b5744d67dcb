import { LotteryApiError } from '@lottery-results/sdk';
import { describe, expect, it } from 'vitest';
import { shouldRetry } from './query-client';

const apiError = (status: number) =>
  new LotteryApiError({ method: 'GET', url: '/profile' }, new Response(null, { status, statusText: 'x' }), {
    code: status,
    error: 'x',
    message: 'y',
  });

describe('shouldRetry', () => {
  it('tries again, at most twice, when the service was not reached or failed itself', () => {
    expect(shouldRetry(0, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });

  it('never repeats a refusal: the same request gets the same 4xx (429 is shown, with its wait)', () => {
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('does not retry an error of the page itself', () => {
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
