import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, TimeoutError, catchError, throwError, timeout } from 'rxjs';
import { ApiError } from './errors/api-error';
import { SETTINGS } from '../config/settings.module';
import type { Settings } from '../config/settings';

/** A handler that runs longer than REQUEST_TIMEOUT_MS is answered with the contract's 408. */
@Injectable()
export class RequestTimeoutInterceptor implements NestInterceptor {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      timeout(this.settings.requestTimeoutMs),
      catchError((error: unknown) =>
        throwError(() => (error instanceof TimeoutError ? ApiError.requestTimeout() : error)),
      ),
    );
  }
}
