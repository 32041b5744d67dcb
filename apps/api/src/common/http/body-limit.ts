import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../config/settings';
import { withRouteConfig } from './route-config';

/**
 * Every route's body limit unless it declares its own: far above any JSON payload of ours (a log-in is ≈ 100
 * bytes, a token or a licence well under 1 KB), far below what makes a body cost anything to read and parse.
 */
export const DEFAULT_BODY_LIMIT = 8 * 1024;

/** A limit in bytes, or one read from the settings when the app starts (IMPORT_MAX_BYTES). */
export type BodyLimitValue = number | ((settings: Settings) => number);

const BODY_LIMIT = 'bodyLimit';

/**
 * The largest body this route accepts, for routes that need more than DEFAULT_BODY_LIMIT. Larger bodies get the
 * contract's 413 before they are read (Content-Length), or as soon as the limit is passed (chunked): Fastify's
 * route `bodyLimit`, set from this declaration by applyBodyLimits.
 */
export function BodyLimit(bytes: BodyLimitValue): MethodDecorator {
  return withRouteConfig({ [BODY_LIMIT]: bytes });
}

/**
 * Gives each route the limit it declares with @BodyLimit (the server's own `bodyLimit` is DEFAULT_BODY_LIMIT, for
 * every other route, the not-found handler and the CORS preflight route). Call before the routes are registered.
 */
export function applyBodyLimits(fastify: FastifyInstance, settings: Settings): void {
  fastify.addHook('onRoute', (route) => {
    const declared = (route.config as Record<string, unknown> | undefined)?.[BODY_LIMIT] as
      BodyLimitValue | undefined;
    if (declared !== undefined)
      route.bodyLimit = typeof declared === 'function' ? declared(settings) : declared;
  });
}
