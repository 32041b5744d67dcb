import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CREDENTIALED_LEVELS, routeAccess } from './route-access';

/**
 * Which requests are for a route of a credentialed level (CREDENTIALED_LEVELS: JWT routes, the MCP endpoint), for
 * CORS: a request's own route says so in its declaration; a preflight (OPTIONS, answered by the CORS plugin's
 * catch-all route) names the request it asks for, whose route is found here: the credentialed routes are kept in
 * a router of their own, find-my-way as Fastify's (Fastify's `findRoute` does not tell a route's config).
 *
 * Install before the routes are registered (configureApp, before app.init()).
 */
export class CredentialedRoutes {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });

  install(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      const level = routeAccess(route.config)?.level;
      if (!level || !CREDENTIALED_LEVELS.has(level)) return;
      for (const method of [route.method].flat() as FindMyWay.HTTPMethod[]) {
        if (!this.router.hasRoute(method, route.url)) this.router.on(method, route.url, () => undefined);
      }
    });
  }

  /** Whether `request` is for a credentialed route or, a preflight, asks to send a request to one. */
  has(request: FastifyRequest): boolean {
    if (request.method !== 'OPTIONS') {
      const level = routeAccess(request.routeOptions.config)?.level;
      return level !== undefined && CREDENTIALED_LEVELS.has(level);
    }
    const asked = request.headers['access-control-request-method']?.toUpperCase();
    // HEAD is answered by the GET route (Fastify's exposeHeadRoutes).
    const method = !asked || asked === 'HEAD' ? 'GET' : asked;
    // Any other text finds no route (the router's trees have no prototype).
    return this.router.find(method as FindMyWay.HTTPMethod, request.url) !== null;
  }
}
