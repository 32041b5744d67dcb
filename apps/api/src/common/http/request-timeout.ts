import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';

const TIMER = Symbol('request timeout timer');
type TimedRequest = FastifyRequest & { [TIMER]?: NodeJS.Timeout };

/**
 * A request not answered within `timeoutMs` gets the contract's 408. A Fastify hook and one timer per request
 * rather than a global Nest interceptor, which costs an AsyncResource and an rxjs pipeline on every request.
 * A handler still running when the 408 goes out finds its reply sent, and its answer is dropped.
 */
export function installRequestTimeout(fastify: FastifyInstance, timeoutMs: number): void {
  fastify.addHook('onRequest', (request: TimedRequest, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      const error = ApiError.requestTimeout();
      void reply.code(error.status).send(error.body);
    }, timeoutMs);
    timer.unref();
    request[TIMER] = timer;
    done();
  });
  const clear = (request: TimedRequest, _reply: unknown, done: () => void) => {
    clearTimeout(request[TIMER]);
    done();
  };
  fastify.addHook('onResponse', clear);
  fastify.addHook('onRequestAbort', (request: TimedRequest, done) => clear(request, undefined, done));
}
