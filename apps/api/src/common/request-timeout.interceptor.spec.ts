import { CallHandler, ExecutionContext } from '@nestjs/common';
import { firstValueFrom, NEVER, of } from 'rxjs';
import { loadSettings } from '../config/settings';
import { ApiError } from './errors/api-error';
import { RequestTimeoutInterceptor } from './request-timeout.interceptor';

describe('RequestTimeoutInterceptor', () => {
  const interceptor = new RequestTimeoutInterceptor(loadSettings({ REQUEST_TIMEOUT_MS: '100' }));
  const context = {} as ExecutionContext;

  it('answers a handler that never finishes with the contract 408', async () => {
    const handler: CallHandler = { handle: () => NEVER };
    const error = await firstValueFrom(interceptor.intercept(context, handler)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(408);
    expect((error as ApiError).body).toEqual({
      code: 408,
      error: 'Request Timeout',
      message: 'The request took too long to process. Please try again.',
    });
  });

  it('passes a prompt answer through', async () => {
    await expect(firstValueFrom(interceptor.intercept(context, { handle: () => of('ok') }))).resolves.toBe(
      'ok',
    );
  });
});
