import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/**
 * Adds `entries` to a route handler's Fastify route config (what Nest's @RouteConfig sets, and what Fastify's
 * `onRoute` hooks and `request.routeOptions.config` see), keeping the entries other decorators added: @RouteConfig
 * itself replaces the whole config, so two decorators using it would drop each other's entries.
 *
 * A method decorator only: Nest reads the route config from the handler, never from its class.
 */
export function withRouteConfig(entries: Record<string, unknown>): MethodDecorator {
  return (target, key, descriptor) => {
    if (!descriptor) throw new Error(`Route config applies to a route handler, not to ${String(target)}`);
    const handler = descriptor.value as object;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<
      string,
      unknown
    >;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ...entries }, handler);
    return descriptor;
  };
}
