import { STATUS_CODES } from 'node:http';
import { Messages } from './messages';
import { ErrorBodyDto } from './error-body.dto';

/**
 * An error the client is meant to see, carrying the contract's body.
 * Thrown anywhere (guards, pipes, services); turned into a response by AllExceptionsFilter.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBodyDto,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.error);
  }

  /** HTTP 400 with the seed's body code 401 and error "Bad Request". */
  static badRequest(message: string): ApiError {
    return new ApiError(400, { code: 401, error: 'Bad Request', message });
  }

  /** `headers`: a WWW-Authenticate saying why a credential that exists no longer works (the body stays the seed's). */
  static unauthorized(message: string, headers: Record<string, string> = {}): ApiError {
    return new ApiError(401, ApiError.of(401, message).body, headers);
  }

  /**
   * A signed-in caller whose account no longer exists, though this instance's JWT check let it through (deleted
   * through another instance whose news has not reached this one's caches yet): the JWT guard's own answer.
   */
  static callerAccountGone(): ApiError {
    return ApiError.unauthorized(Messages.invalidJwt);
  }

  static forbidden(message: string): ApiError {
    return ApiError.of(403, message);
  }

  static notFound(message: string): ApiError {
    return ApiError.of(404, message);
  }

  static conflict(message: string): ApiError {
    return ApiError.of(409, message);
  }

  /** The contract's 429 has no message; Retry-After and the limit headers come from the request's meter. */
  static tooManyRequests(): ApiError {
    return new ApiError(429, { code: 429, error: 'Too Many Requests' });
  }

  /** The contract's 429 for a limit that lifts at `until`, with Retry-After in whole seconds (at least 1). */
  static tooManyRequestsUntil(until: Date): ApiError {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return new ApiError(429, ApiError.tooManyRequests().body, { 'Retry-After': String(seconds) });
  }

  static requestTimeout(): ApiError {
    return ApiError.of(408, Messages.requestTimeout);
  }

  /**
   * The contract's body for a refusal of the HTTP framework's own (a body too large), whichever error handler meets
   * it: the exception filter, or a Fastify route's own handler. (Its 415 names the request's content type:
   * unsupportedContentType.)
   */
  static ofFrameworkStatus(status: number): ApiError | undefined {
    if (status === 413) return ApiError.of(413, Messages.payloadTooLarge);
    return undefined;
  }

  /** The contract's body for `status` (a 400 gets the seed's body code 401, as everywhere). */
  static of(status: number, message: string): ApiError {
    if (status === 400) return ApiError.badRequest(message);
    return new ApiError(status, { code: status, error: STATUS_CODES[status] ?? 'Error', message });
  }
}
