import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

/** Reports the first failed constraint of the first failed field, so each 400 names one field and what it expects. */
function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length) return constraints[0];
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Invalid request.';
}

/** Global pipe: unknown fields are stripped (not refused, as public APIs do), transforming query strings, errors in the contract's 400 body. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ApiError.badRequest(firstMessage(errors)),
  });
}
