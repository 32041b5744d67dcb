import { Messages } from '../../src/common/errors/messages';

/** The contract's error bodies, to compare responses against (spec section 5). */
export const errorBody = {
  badRequest: (message: string) => ({ code: 401, error: 'Bad Request', message }),
  unauthorized: (message: string) => ({ code: 401, error: 'Unauthorized', message }),
  forbidden: (message: string) => ({ code: 403, error: 'Forbidden', message }),
  notFound: (message: string) => ({ code: 404, error: 'Not Found', message }),
  conflict: (message: string) => ({ code: 409, error: 'Conflict', message }),
  tooManyRequests: () => ({ code: 429, error: 'Too Many Requests' }),
};

export { Messages };
