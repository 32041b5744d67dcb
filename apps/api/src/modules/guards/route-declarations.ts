import { Injectable, OnModuleInit, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { AUTH_DECLARATION } from './route-access';

/** The route handlers of `controllers` that declare no @Auth (on the handler or its class), as "GET Class.method". */
export function undeclaredRoutes(controllers: Type[], reflector: StaticReflector): string[] {
  const missing: string[] = [];
  for (const controller of controllers) {
    for (const [name, handler] of handlersOf(controller)) {
      if (reflector.getAllAndOverride(AUTH_DECLARATION, [handler, controller])) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      missing.push(`${method} ${controller.name}.${name}`);
    }
  }
  return missing;
}

/** A controller's route handlers (methods with a route path), its base classes' included. */
function handlersOf(controller: Type): [string, (...args: unknown[]) => unknown][] {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  for (
    let proto = controller.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (name === 'constructor' || handlers.has(name) || typeof value !== 'function') continue;
      if (Reflect.getMetadata(PATH_METADATA, value) !== undefined) handlers.set(name, value as () => unknown);
    }
  }
  return [...handlers];
}

/**
 * Fails closed, at start-up: the service refuses to start while any route does not declare who may call it
 * (@Auth), so no route can ever be served unguarded by mistake. (Checked once here rather than by a global guard
 * on every request, which cost a guard and a metadata lookup per request for a mistake that can only be made in
 * code.)
 */
@Injectable()
export class RouteDeclarationCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: StaticReflector,
  ) {}

  onModuleInit(): void {
    const controllers = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype as Type | null)
      .filter((metatype): metatype is Type => Boolean(metatype));
    const missing = undeclaredRoutes(controllers, this.reflector);
    if (missing.length) {
      throw new Error(`Routes that declare no @Auth (who may call them), refused: ${missing.join(', ')}`);
    }
  }
}
