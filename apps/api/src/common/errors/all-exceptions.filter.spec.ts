import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { errorBody, Messages } from '../../../test/support/contract-errors';
import { WorkAbandonedError } from '../deadline';
import { AllExceptionsFilter } from './all-exceptions.filter';

/** Runs the filter on `exception` for a request not yet answered; what it sent. */
function answer(exception: unknown, sent = false): { status?: number; body?: unknown } {
  const out: { status?: number; body?: unknown } = {};
  const reply = {
    sent,
    status(code: number) {
      out.status = code;
      return reply;
    },
    headers: () => reply,
    send(body: unknown) {
      out.body = body;
    },
  };
  const log = { error: jest.fn(), debug: jest.fn() };
  const request = { method: 'POST', url: '/profile/token', id: 'r1', log, raw: { destroyed: false } };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return out;
}

describe('AllExceptionsFilter and abandoned work', () => {
  const TIMEOUT = { status: 408, body: errorBody.requestTimeout(Messages.requestTimeout) };

  it('answers the contract 408 when the request passed its deadline before the timer answered it', () => {
    expect(answer(new WorkAbandonedError())).toEqual(TIMEOUT);
    // As TypeORM hands it on when the cut connection fails a query.
    expect(answer(new QueryFailedError('INSERT …', [], new WorkAbandonedError()))).toEqual(TIMEOUT);
  });

  it('sends nothing once the request was answered (the 408 or 503 already went out)', () => {
    expect(answer(new WorkAbandonedError(), true)).toEqual({});
  });
});
