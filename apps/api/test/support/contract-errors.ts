import { Messages } from '../../src/common/errors/messages';

/** The contract's error bodies, to compare responses against (spec section 5). */
export const errorBody = {
  badRequest: (message: string) => ({ code: 401, error: 'Bad Request', message }),
  unauthorized: (message: string) => ({ code: 401, error: 'Unauthorized', message }),
  forbidden: (message: string) => ({ code: 403, error: 'Forbidden', message }),
  notFound: (message: string) => ({ code: 404, error: 'Not Found', message }),
  conflict: (message: string) => ({ code: 409, error: 'Conflict', message }),
  tooManyRequests: () => ({ code: 429, error: 'Too Many Requests' }),
  requestTimeout: (message: string) => ({ code: 408, error: 'Request Timeout', message }),
  gone: (message: string) => ({ code: 410, error: 'Gone', message }),
  payloadTooLarge: (message: string) => ({ code: 413, error: 'Payload Too Large', message }),
  uriTooLong: (message: string) => ({ code: 414, error: 'URI Too Long', message }),
  unsupportedMediaType: (message: string) => ({ code: 415, error: 'Unsupported Media Type', message }),
  requestHeaderFieldsTooLarge: (message: string) => ({
    code: 431,
    error: 'Request Header Fields Too Large',
    message,
  }),
  internalServerError: (message: string) => ({ code: 500, error: 'Internal Server Error', message }),
  serviceUnavailable: (message: string) => ({ code: 503, error: 'Service Unavailable', message }),
};

export { Messages };
