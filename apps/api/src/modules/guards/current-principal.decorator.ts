import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Principal, requirePrincipal } from './principal';

/** The authenticated caller; only on routes declared `apiToken`, `user` or `admin`. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal =>
  requirePrincipal(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
