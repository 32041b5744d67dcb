import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { Messages } from './messages';
import { MetricsService } from '../../modules/metrics/metrics.service';

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to the contract's body. */
const FASTIFY_CLIENT_ERRORS: Record<string, () => ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ApiError.of(415, Messages.unsupportedMediaType),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ApiError.of(413, Messages.payloadTooLarge),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ApiError.badRequest(Messages.invalidJsonBody),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ApiError.badRequest(Messages.invalidJsonBody),
};

/**
 * The one place where errors become responses. Anything that is not an ApiError or a known client
 * error is a 500 with the generic message: the stack and any query stay in the log, under the request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly metrics: MetricsService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const error = this.toApiError(exception, request);
    if (reply.sent) return;
    reply.status(error.status).headers(error.headers).send(error.body);
  }

  private toApiError(exception: unknown, request: FastifyRequest): ApiError {
    if (exception instanceof ApiError) return exception;
    const code = (exception as { code?: unknown })?.code;
    if (typeof code === 'string' && FASTIFY_CLIENT_ERRORS[code]) return FASTIFY_CLIENT_ERRORS[code]();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return ApiError.notFound(Messages.resourceNotFound);
      if (status === 408) return ApiError.requestTimeout();
      if (status === 503) return ApiError.of(503, Messages.notReady);
      if (status < 500) return status === 400 ? ApiError.badRequest(exception.message) : ApiError.of(status, exception.message);
    }
    this.metrics.unexpectedErrors.inc();
    this.logger.error(
      `Unexpected error on ${request.method} ${request.url} (request id ${request.id})`,
      exception instanceof Error ? exception.stack : String(exception),
    );
    return ApiError.of(500, Messages.unexpected);
  }
}
