import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard, type IAuthModuleOptions } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { Messages } from '../../../common/errors/messages';
import { SETTINGS } from '../../../config/settings.module';
import { resolveJwtSecret, type Settings } from '../../../config/settings';
import { CredentialsCache } from '../../credentials/credentials-cache.service';
import type { Principal } from '../principal';
import type { JwtVerification } from './jwt.strategy';

/**
 * Account routes: the JWT through passport-jwt (JwtStrategy). passport-jwt reports a missing header and a
 * non-Bearer one alike, so the raw header decides between the contract's two messages.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  private readonly verification: JwtVerification;

  constructor(@Inject(SETTINGS) settings: Settings, credentials: CredentialsCache) {
    super();
    this.verification = {
      secret: resolveJwtSecret(settings),
      account: (accountId) => credentials.account(accountId),
    };
  }

  override canActivate(context: ExecutionContext) {
    context.switchToHttp().getRequest<FastifyRequest>().jwtVerification = this.verification;
    return super.canActivate(context);
  }

  override getAuthenticateOptions(): IAuthModuleOptions {
    return { session: false, property: 'principal' };
  }

  override handleRequest<TUser = Principal>(
    error: unknown,
    account: TUser | false,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    // A failure to look the account up (the database) is ours, not the client's: not a 401.
    if (error) throw error;
    if (account) return account;
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    if (!header || header.trim() === '') throw ApiError.unauthorized(Messages.authorizationHeaderMissing);
    throw ApiError.unauthorized(Messages.invalidJwt);
  }
}
