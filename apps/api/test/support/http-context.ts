import type { ExecutionContext } from '@nestjs/common';

/**
 * A fake ExecutionContext of one HTTP request, for the guards' unit specs: `request` is what a guard reads (given
 * the `routeOptions` every Fastify request has, with an empty route config unless it brings one); `handler` and
 * `controller` are where its Reflector looks for route metadata (none, by default).
 */
export function httpContextOf(
  request: object,
  route: {
    handler?: (...args: never[]) => unknown;
    controller?: abstract new (...args: never[]) => unknown;
  } = {},
): ExecutionContext {
  const handler = route.handler ?? httpContextOf;
  const controller = route.controller ?? Object;
  if (!('routeOptions' in request)) Object.assign(request, { routeOptions: { config: {} } });
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}), getNext: () => undefined }),
    getHandler: () => handler,
    getClass: () => controller,
    getType: () => 'http',
  } as unknown as ExecutionContext;
}
