import { CanActivate, ForbiddenException, INestApplication, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { lastValueFrom, type Observable } from 'rxjs';
import { GUARDS_BY_LEVEL } from './auth.decorator';
import { type AccessLevel, routeAccess } from './route-access';
import { GuardsModule } from './guards.module';

/**
 * Routes declared with `@Auth(level, { beforeBody: true })` (the admin CSV import, whose body may be megabytes; the
 * MCP endpoint) run their level's guards in an `onRequest` hook too, before the body is read: a caller without a
 * JWT, with a bad one or without the role gets the same 401 or 403 as from the guards (they are the same guard
 * classes, with their own messages), without the server reading or parsing what it sends. The guards still run
 * again in Nest's chain: the route is never served unguarded, whatever a hook does, and a JWT check costs
 * microseconds. A guard that needs the body (`static readsBody = true`) runs in Nest's chain only.
 *
 * Call before the routes are registered (before app.init()).
 */
export async function installChecksBeforeBody(
  app: INestApplication,
  fastify: FastifyInstance,
): Promise<void> {
  const moduleRef = app.select(GuardsModule).get(ModuleRef, { strict: true });
  const hooks = new Map<AccessLevel, onRequestHookHandler>();
  for (const level of Object.keys(GUARDS_BY_LEVEL) as AccessLevel[]) {
    const guards: CanActivate[] = [];
    const beforeBody = GUARDS_BY_LEVEL[level].filter((type) => !(type as { readsBody?: boolean }).readsBody);
    for (const type of beforeBody) {
      const guard = await moduleRef.create(type);
      // Nest runs no lifecycle hook for an instance made this way (the throttler guards set up in theirs).
      await (guard as Partial<OnModuleInit>).onModuleInit?.();
      guards.push(guard);
    }
    hooks.set(level, checksOf(guards));
  }
  fastify.addHook('onRoute', (route) => {
    const access = routeAccess(route.config);
    if (!access?.beforeBody) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, hooks.get(access.level) as onRequestHookHandler];
  });
}

/** An onRequest hook running `guards` in order, as Nest would: a guard's ApiError is the answer. */
function checksOf(guards: CanActivate[]): onRequestHookHandler {
  return async function checksBeforeBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const context = new ExecutionContextHost([request, reply, undefined]);
    for (const guard of guards) {
      const verdict = guard.canActivate(context);
      const allowed =
        typeof verdict === 'boolean'
          ? verdict
          : await (verdict instanceof Promise ? verdict : lastValueFrom(verdict as Observable<boolean>));
      // What Nest answers for a guard that says no without an error of its own.
      if (!allowed) throw new ForbiddenException();
    }
  };
}
