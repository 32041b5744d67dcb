import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';

/** Whether the page at `origin` may read the answer to `request` (or, for a preflight, send the request it names). */
export type CorsDecision = (request: FastifyRequest, origin: string) => boolean;

/**
 * CORS for browsers, by @fastify/cors (preflights, exposed headers, Vary), whose hook runs only for requests that
 * carry an Origin header. Registered as usual (or through Nest's `enableCors`), the hook runs on every request —
 * copying its options, writing Vary, calling the origin check — though API clients never send Origin: measured at
 * ≈ 4% of a metered read. A request without Origin gets no CORS headers either way.
 *
 * Which origin is allowed is decided per request (`allows`, through the plugin's options delegator), since it
 * depends on the route: a refused origin gets no Access-Control-* header, and its preflight is not answered (404).
 *
 * The plugin is given the instance through a proxy that wraps its onRequest hook, as Nest's own adapter does to
 * place that hook.
 */
export function enableBrowserCors(
  fastify: FastifyInstance,
  options: Omit<FastifyCorsOptions, 'origin'>,
  allows: CorsDecision,
): Promise<void> {
  const allowed: FastifyCorsOptions = { ...options, origin: true };
  const refused: FastifyCorsOptions = { ...options, origin: false };
  const withOriginOnly = new Proxy(fastify, {
    get(target, property) {
      if (property === 'addHook') {
        return (name: string, hook: onRequestHookHandler) =>
          target.addHook(name as 'onRequest', name === 'onRequest' ? onlyWithOrigin(hook) : hook);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const delegator = (
    request: FastifyRequest,
    callback: (error: Error | null, options: FastifyCorsOptions) => void,
  ) => callback(null, allows(request, request.headers.origin as string) ? allowed : refused);
  return new Promise((resolve, reject) =>
    fastifyCors(withOriginOnly, { delegator }, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

function onlyWithOrigin(hook: onRequestHookHandler): onRequestHookHandler {
  return function corsWhenOrigin(this: FastifyInstance, request, reply, done) {
    if (request.headers.origin === undefined) return done();
    return hook.call(this, request, reply, done);
  };
}
