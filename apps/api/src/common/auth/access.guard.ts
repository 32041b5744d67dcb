import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';
import { Messages } from '../errors/messages';
import { AUTH_DECLARATION, AuthDeclaration } from './auth.decorator';
import { JwtAccessService } from '../../modules/auth/jwt-access.service';
import { MeteredAccessService } from '../../modules/access/metered-access.service';
import { RateLimiterService } from '../../modules/metering/rate-limiter.service';

/**
 * The one global guard. It fails closed: a route without an @Auth declaration is refused.
 * Metered routes run the contract's check chain (MeteredAccessService); account routes verify the JWT.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly jwtAccess: JwtAccessService,
    private readonly meteredAccess: MeteredAccessService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const declaration = this.reflector.getAllAndOverride<AuthDeclaration | undefined>(AUTH_DECLARATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    if (!declaration) {
      this.logger.error(`Route ${request.method} ${request.routeOptions.url} declares no @Auth: refused`);
      throw ApiError.forbidden(Messages.routeNotDeclared);
    }
    if (declaration.level === 'apiToken') {
      request.principal = await this.meteredAccess.admit(request, reply);
      return true;
    }
    if (declaration.ipRateLimit) await this.rateLimiter.enforceClientIp(request, reply);
    if (declaration.level === 'user' || declaration.level === 'admin') {
      request.principal = await this.jwtAccess.authenticate(request.headers.authorization, declaration.level);
    }
    return true;
  }
}
