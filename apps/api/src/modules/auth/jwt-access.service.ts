import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Principal } from '../../common/auth/principal';
import { AccessCacheService } from '../access/access-cache.service';

/** Claims of the access token issued at login. */
export interface AccessTokenClaims {
  sub: string;
  role: string;
}

/** Verifies `Authorization: Bearer <jwt>` for account and admin routes. */
@Injectable()
export class JwtAccessService {
  constructor(
    private readonly jwt: JwtService,
    private readonly cache: AccessCacheService,
  ) {}

  async authenticate(header: string | undefined, level: 'user' | 'admin'): Promise<Principal> {
    if (!header || header.trim() === '') throw ApiError.unauthorized(Messages.authorizationHeaderMissing);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw ApiError.unauthorized(Messages.invalidJwt);
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(match[1], { algorithms: ['HS256'] });
    } catch {
      throw ApiError.unauthorized(Messages.invalidJwt);
    }
    // The account may have been deleted since the token was issued; its role is read fresh, not from the token.
    const account = typeof claims.sub === 'string' ? await this.cache.account(claims.sub) : null;
    if (!account) throw ApiError.unauthorized(Messages.invalidJwt);
    if (level === 'admin') {
      if (account.role !== 'admin') throw ApiError.forbidden(Messages.adminRequired);
      if (account.disabled) throw ApiError.forbidden(Messages.accountDisabled);
    }
    return account;
  }

  /** Issues an access token for an account (used by login). */
  async issue(accountId: string, role: string): Promise<string> {
    return this.jwt.signAsync({ sub: accountId, role } satisfies AccessTokenClaims);
  }
}
