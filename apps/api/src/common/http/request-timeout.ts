import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Deadline } from '../deadline';
import { ApiError } from '../errors/api-error';

const TIMER = Symbol('request timeout timer');
const DEADLINE_AT = Symbol('request deadline');
const GIVE_UP = Symbol('request give-up');
type TimedRequest = FastifyRequest & {
  [TIMER]?: NodeJS.Timeout;
  [DEADLINE_AT]?: number;
  [GIVE_UP]?: AbortController;
};

/**
 * A request not answered within `timeoutMs` gets the contract's 408. A Fastify hook and one timer per request
 * rather than a global Nest interceptor, which costs an AsyncResource and an rxjs pipeline on every request.
 * The 408 gives the request up (`giveUp`): work that took its `deadlineOf` stops and commits nothing; a handler
 * still running finds its reply sent, and its answer is dropped.
 */
export function installRequestTimeout(fastify: FastifyInstance, timeoutMs: number): void {
  fastify.addHook('onRequest', (request: TimedRequest, reply, done) => {
    request[DEADLINE_AT] = Date.now() + timeoutMs;
    const timer = setTimeout(() => {
      if (reply.sent) return;
      giveUp(request);
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

/**
 * The request's deadline, for work that writes: past it, or once the request is given up, the work stops and its
 * commit is refused. Made on first use (its AbortController costs nothing on the reads that never ask).
 */
export function deadlineOf(request: FastifyRequest): Deadline {
  const timed = request as TimedRequest;
  timed[GIVE_UP] ??= new AbortController();
  return new Deadline(timed[DEADLINE_AT] ?? Number.POSITIVE_INFINITY, timed[GIVE_UP].signal);
}

/** The request is answered with a failure (408, 503): whatever it still has under way must have no effect. */
export function giveUp(request: FastifyRequest): void {
  (request as TimedRequest)[GIVE_UP]?.abort();
}
