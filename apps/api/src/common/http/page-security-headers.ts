import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import helmet from 'helmet';
import { ApiError } from '../errors/api-error';
import { Messages } from '../errors/messages';

/**
 * Helmet's security headers for what a browser renders: the portal (which keeps its session in sessionStorage, so
 * script injection and framing must be shut out) and the API docs. CSP allows same-origin resources only;
 * `frame-ancestors 'none'`; `upgrade-insecure-requests` is left out because a self-hosted service often runs on
 * plain http (it would send the page's own requests to an https port that does not exist).
 */
const pageHeaders = helmet({
  contentSecurityPolicy: {
    directives: { 'frame-ancestors': ["'none'"], 'upgrade-insecure-requests': null },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

const securityHeaders: onRequestHookHandler = (request, reply, done) =>
  pageHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));

/** A `.` or `..` path segment, written plainly or percent-encoded. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$|\?)/i;

/**
 * A page path with a dot segment (`/portal/%2e%2e/`, `/docs/..`) names no file: the contract's 404, before the
 * file server would refuse it with a 403 of its own.
 */
const refuseDotSegments: onRequestHookHandler = (request, reply, done) => {
  if (!DOT_SEGMENT.test(request.url)) return done();
  const notFound = ApiError.notFound(Messages.resourceNotFound);
  void reply.status(notFound.status).send(notFound.body);
};

/**
 * Adds the headers (and refuses dot segments) on every route under `prefixes` as it is registered, as a route-level hook: the API's own
 * routes (the metered hot path above all) run no extra hook. (@fastify/helmet, even with `global: false`, adds
 * two onRequest hooks to every route of its context.) Call before the page routes are registered.
 */
export function secureBrowserPages(fastify: FastifyInstance, prefixes: string[]): void {
  fastify.addHook('onRoute', (route) => {
    if (!prefixes.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [refuseDotSegments, securityHeaders, ...existing];
  });
}
