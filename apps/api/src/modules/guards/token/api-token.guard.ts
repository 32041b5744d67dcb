import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { Messages } from '../../../common/errors/messages';
import type { AccountSnapshot, SecretEnd, TokenOwner } from '../../credentials/account-snapshot';
import { CredentialsCache } from '../../credentials/credentials-cache.service';
import { hashTokenSecret, TOKEN_SHAPE } from '../../credentials/token-secret';
import type { Principal } from '../principal';

/** The scheme named in WWW-Authenticate for a token sent in `X-API-Token` (HTTP defines none for the header). */
export const API_TOKEN_SCHEME = 'ApiToken';

/**
 * RFC 6750's form, which clients and libraries already parse: `invalid_token`, and why in `error_description`.
 * Only for a secret that exists and no longer works; an unknown one gets no header (nothing to tell).
 */
export const wwwAuthenticate = (scheme: string, end: SecretEnd) =>
  `${scheme} error="invalid_token", error_description="${end}"`;

/** Steps 1–2 of contract section 5: `X-API-Token` missing → 401; unknown token → 401. Sets the principal. */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  private readonly principals = new WeakMap<AccountSnapshot, Map<string, Principal>>();

  constructor(private readonly credentials: CredentialsCache) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const secret = this.presentedSecret(request);
    if (typeof secret !== 'string' || secret.trim() === '') {
      throw ApiError.unauthorized(Messages.tokenHeaderMissing);
    }
    const presented = secret.trim();
    // A value that no issued secret could be (a made-up 15 KB header, say) costs no hash, memo entry or lookup.
    if (!TOKEN_SHAPE.test(presented)) throw ApiError.unauthorized(Messages.invalidToken);
    const secretHash = hashTokenSecret(presented);
    // Usually both are cached: answer at once, without a promise; otherwise look them up.
    const cached = this.credentials.cachedPrincipal(secretHash);
    if (cached) return this.admit(request, cached.owner, cached.account);
    return this.lookUp(request, secretHash);
  }

  /** Where the route takes the token: `X-API-Token` (ApiTokenOrBearerGuard also reads a bearer token). */
  protected presentedSecret(request: FastifyRequest): unknown {
    return request.headers['x-api-token'];
  }

  private async lookUp(request: FastifyRequest, secretHash: string): Promise<boolean> {
    const owner = await this.credentials.tokenOwner(secretHash);
    return this.admit(request, owner, owner && (await this.credentials.account(owner.accountId)));
  }

  private admit(request: FastifyRequest, owner: TokenOwner | null, account: AccountSnapshot | null): boolean {
    if (!owner || !account) throw ApiError.unauthorized(Messages.invalidToken);
    // An expired token, or a rolled secret past its grace period, is refused with an unknown one's body (contract
    // section 8); the header tells its owner why, from what the cache already holds.
    if (owner.validUntil !== null && Date.now() >= owner.validUntil)
      throw ApiError.unauthorized(Messages.invalidToken, {
        'WWW-Authenticate': wwwAuthenticate(this.scheme(request), owner.endsAs ?? 'expired'),
      });
    request.principal = this.principalOf(account, owner.tokenId);
    return true;
  }

  /** The authentication scheme the request used, for WWW-Authenticate (ApiTokenOrBearerGuard: also `Bearer`). */
  protected scheme(_request: FastifyRequest): string {
    return API_TOKEN_SCHEME;
  }

  /**
   * The principal of a token, built once per account snapshot: a snapshot is replaced, never changed, when the
   * account changes, so its principals go with it.
   */
  private principalOf(account: AccountSnapshot, tokenId: string): Principal {
    let byToken = this.principals.get(account);
    if (!byToken) this.principals.set(account, (byToken = new Map()));
    let principal = byToken.get(tokenId);
    if (!principal) byToken.set(tokenId, (principal = Object.freeze({ ...account, tokenId })));
    return principal;
  }
}
