import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { deadlineOf } from './request-timeout';

/** The handler's request deadline (see request-timeout.ts), for services that write. */
export const RequestDeadline = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  deadlineOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
