import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { Messages } from '../../../common/errors/messages';
import { requirePrincipal } from '../principal';

/** Steps 3–4 of contract section 5: account disabled → 403; account without a license → 403. */
@Injectable()
export class LicenseGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = requirePrincipal(context.switchToHttp().getRequest<FastifyRequest>());
    if (principal.disabled) throw ApiError.forbidden(Messages.accountDisabled);
    if (!principal.license) throw ApiError.forbidden(Messages.noLicense);
    return true;
  }
}
