import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/**
 * CORS for browsers, by @fastify/cors (preflights, allowed origins, exposed headers), whose hook runs only for
 * requests that carry an Origin header. Registered as usual (or through Nest's `enableCors`), the hook runs on
 * every request — copying its options, writing Vary, calling the origin check — though API clients never send
 * Origin: measured at ≈ 4% of a metered read. A request without Origin gets no CORS headers either way.
 *
 * The plugin is given the instance through a proxy that wraps its onRequest hook, as Nest's own adapter does to
 * place that hook.
 */
export function enableBrowserCors(fastify: FastifyInstance, options: FastifyCorsOptions): Promise<void> {
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
  return new Promise((resolve, reject) =>
    fastifyCors(withOriginOnly, options, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

function onlyWithOrigin(hook: onRequestHookHandler): onRequestHookHandler {
  return function corsWhenOrigin(this: FastifyInstance, request, reply, done) {
    if (request.headers.origin === undefined) return done();
    return hook.call(this, request, reply, done);
  };
}
