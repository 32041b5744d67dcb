import { LotteryApiError } from '@lottery-results/sdk';

/** A refusal as the SDK throws it, for the unit tests of the modules that place the API's messages. */
export const apiError = (status: number, message: string) =>
  new LotteryApiError({ method: 'PUT', url: '/admin' }, new Response(null, { status, statusText: 'x' }), {
    code: status,
    error: 'x',
    message,
  });
