import { ApiResponse } from '@nestjs/swagger';
import { ApiError } from './api-error';
import { ErrorBodyDto } from './error-body.dto';

/**
 * Documents an error answer with the body the service really sends for it (the seed's code 401 on a 400, no
 * message on a 429), so that every status shows its own example in the docs rather than the schema's.
 */
export function ApiErrorResponse(status: number, description: string, message?: string) {
  const example =
    status === 429
      ? ApiError.tooManyRequests().body
      : status === 400
        ? ApiError.badRequest(message ?? description).body
        : ApiError.of(status, message ?? description).body;
  return ApiResponse({ status, description, type: ErrorBodyDto, example });
}
