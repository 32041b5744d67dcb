import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { Messages } from './messages';
import { isDatabaseUnavailable, isInvalidText } from '../database/postgres-errors';
import { giveUp } from '../http/request-timeout';
import { unsupportedContentType } from '../http/text-body';
import { isWorkAbandoned } from '../deadline';

/**
 * The one place where errors become responses. Anything that is not an ApiError or a known client
 * error is a 500 with the generic message: the stack and any query stay in the log, under the request id (and
 * the 500 is counted in /metrics by the response hook).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    // Already answered (a 408 went out while the handler ran): the handler's late failure, often the
    // WorkAbandonedError of its own stopped work, has nobody to go to.
    if (reply.sent) {
      request.log.debug({ context: 'Errors', err: exception }, 'Failure after the request was answered');
      return;
    }
    const error = this.toApiError(exception, request);
    // Whatever else the request still has under way must have no effect: its client is told it failed.
    if (error.status >= 500) giveUp(request);
    reply.status(error.status).headers(error.headers).send(error.body);
  }

  private toApiError(exception: unknown, request: FastifyRequest): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return ApiError.notFound(Messages.resourceNotFound);
      if (status === 408) return ApiError.requestTimeout();
      if (status === 503) return ApiError.of(503, Messages.notReady);
      // Fastify's own client errors (too large, wrong content type) reach here as HttpExceptions made by Nest.
      if (status === 415) return unsupportedContentType(request);
      const framework = ApiError.ofFrameworkStatus(status);
      if (framework) return framework;
      if (status === 400)
        return ApiError.badRequest(
          /JSON/.test(exception.message) ? Messages.invalidJsonBody : exception.message,
        );
      if (status < 500) return ApiError.of(status, exception.message);
    }
    // A client error made by the file server (@fastify/send's http-errors: a directory such as /portal/assets/, or
    // a 400 for a NUL in the path such as /docs/%00): the file is not there, as far as a client is concerned.
    const clientStatus = exposedClientStatus(exception);
    if (clientStatus === 400 || clientStatus === 403 || clientStatus === 404)
      return ApiError.notFound(Messages.resourceNotFound);
    if (clientStatus) return ApiError.of(clientStatus, (exception as Error).message);
    // The request's own deadline passed while its work ran (the 408 timer had not fired yet): its timeout.
    if (isWorkAbandoned(exception)) return ApiError.requestTimeout();
    // The last line against input PostgreSQL cannot store (NUL in a route parameter that reaches a query).
    if (isInvalidText(exception)) return ApiError.badRequest(Messages.invalidText);
    // Through the request's own logger, so the line carries its `reqId` (see LoggingModule).
    if (isDatabaseUnavailable(exception)) {
      request.log.error(
        { context: 'Errors' },
        `Database unavailable on ${request.method} ${request.url} (request id ${request.id}): ` +
          (exception as Error).message,
      );
      return new ApiError(503, ApiError.of(503, Messages.databaseUnavailable).body, { 'Retry-After': '5' });
    }
    // A body the client stopped sending (it went away, or BODY_TIMEOUT_MS ended it with a 408 already written):
    // nobody is left to answer and nothing of ours failed.
    if (request.raw.destroyed || request.raw.socket?.destroyed)
      return ApiError.badRequest(Messages.malformedRequest);
    request.log.error(
      { context: 'Errors', stack: exception instanceof Error ? exception.stack : String(exception) },
      `Unexpected error on ${request.method} ${request.url} (request id ${request.id})`,
    );
    return ApiError.of(500, Messages.unexpected);
  }
}

/**
 * The status of a library's client error: the http-errors convention (`expose` set for 4xx), or a plain Error
 * carrying both `status` and `statusCode` (@fastify/static's forbidden path, e.g. `/portal//x`); else undefined.
 */
function exposedClientStatus(exception: unknown): number | undefined {
  const { expose, status, statusCode } = (exception ?? {}) as {
    expose?: unknown;
    status?: unknown;
    statusCode?: unknown;
  };
  const marked = expose === true || status === statusCode;
  return marked && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500
    ? statusCode
    : undefined;
}
