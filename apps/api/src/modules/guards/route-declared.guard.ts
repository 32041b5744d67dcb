import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { AUTH_DECLARATION } from './auth.decorator';

/** The one global guard: it fails closed, refusing any route that does not declare who may call it (@Auth). */
@Injectable()
export class RouteDeclaredGuard implements CanActivate {
  private readonly logger = new Logger(RouteDeclaredGuard.name);

  constructor(private readonly reflector: StaticReflector) {}

  canActivate(context: ExecutionContext): boolean {
    const declared: unknown = this.reflector.getAllAndOverride(AUTH_DECLARATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (declared) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    this.logger.error(`Route ${request.method} ${request.routeOptions.url} declares no @Auth: refused`);
    throw ApiError.forbidden(Messages.routeNotDeclared);
  }
}
