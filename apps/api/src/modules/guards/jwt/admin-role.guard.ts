import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { Messages } from '../../../common/errors/messages';
import { requirePrincipal } from '../principal';

/** Administration routes, after JwtAuthGuard: role admin (403 otherwise), and not disabled. */
@Injectable()
export class AdminRoleGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = requirePrincipal(context.switchToHttp().getRequest<FastifyRequest>());
    if (principal.role !== 'admin') throw ApiError.forbidden(Messages.adminRequired);
    if (principal.disabled) throw ApiError.forbidden(Messages.accountDisabled);
    return true;
  }
}
