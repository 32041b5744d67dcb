import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../errors/api-error';
import { Messages } from '../errors/messages';
import { unsupportedContentType } from './text-body';

// The contract's body for requests that never reach a route: Node's HTTP parser refuses them (malformed, headers
// too large, too slow) or Fastify's router does (malformed URL, path parameter too long). Left to themselves, both
// answer in their own shape (`{"statusCode":…,"code":"FST_ERR_…"}`) or with an empty body. (A 400 gets the seed's
// body code 401 from ApiError.of, as everywhere.)

/** A whole HTTP response for a socket that has no request object to answer through. */
export function rawResponse(error: ApiError, extraHeaders: Record<string, string> = {}): string {
  const body = JSON.stringify(error.body);
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    'X-Content-Type-Options': 'nosniff',
    ...error.headers,
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Node's `clientError`: what its HTTP parser refused, and requests too slow to arrive (headers or body). */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: ApiError;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = ApiError.requestTimeout();
  else if (error.code === 'HPE_HEADER_OVERFLOW') answer = ApiError.of(431, Messages.headersTooLarge);
  else if (error.code === 'HPE_URI_TOO_LONG') answer = ApiError.of(414, Messages.uriTooLong);
  else answer = ApiError.badRequest(Messages.malformedRequest);
  if (socket.writable) socket.end(rawResponse(answer));
  else socket.destroy();
}

/** Fastify's router errors, before any route runs. */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const answer =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ApiError.of(414, Messages.uriTooLong)
      : error.code === 'FST_ERR_BAD_URL'
        ? ApiError.badRequest(Messages.malformedUrl)
        : ApiError.of(
            error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
            Messages.malformedRequest,
          );
  void reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/**
 * The error handler of the routes Fastify serves itself, outside Nest (the CORS preflight `OPTIONS *`). Nest
 * installs its handler at init; when the portal is built, configureApp awaits @fastify/static's registration, which
 * loads the CORS plugin, and its route takes the handler in place then: Fastify's default. A body refused there
 * (not JSON, too large, of an unknown type) got `{"statusCode":…,"code":"FST_ERR_…"}` instead of the contract's.
 */
export function handleRouteError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let answer: ApiError;
  const framework =
    error instanceof ApiError
      ? undefined
      : error.statusCode === 415
        ? unsupportedContentType(request)
        : ApiError.ofFrameworkStatus(error.statusCode ?? 0);
  if (error instanceof ApiError) answer = error;
  else if (framework) answer = framework;
  else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    answer = ApiError.of(error.statusCode, Messages.malformedRequest);
  else {
    request.log.error({ err: error }, `Unexpected error on ${request.method} ${request.url}`);
    answer = ApiError.of(500, Messages.unexpected);
  }
  void reply
    .code(answer.status)
    .headers(answer.headers)
    .type('application/json; charset=utf-8')
    .send(answer.body);
}
