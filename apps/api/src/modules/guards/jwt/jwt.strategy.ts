import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccountSnapshot } from '../../credentials/account-snapshot';
import { type AccessTokenClaims, JWT_ALGORITHM } from './access-token-claims';

/** What the strategy needs from the application that serves the request; JwtAuthGuard puts it on the request. */
export interface JwtVerification {
  secret: string;
  account(accountId: string): Promise<AccountSnapshot | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    jwtVerification?: JwtVerification;
  }
}

function verificationOf(request: FastifyRequest): JwtVerification {
  if (!request.jwtVerification) throw new Error('JwtStrategy runs only behind JwtAuthGuard');
  return request.jwtVerification;
}

/**
 * passport-jwt verifies `Authorization: Bearer <jwt>` (signature with the pinned algorithm, expiry); the account is
 * then read fresh from the credentials cache, so a deleted account's token stops working and the role is current.
 *
 * Passport keeps its strategies in one process-wide registry, so when several applications share a process (two
 * instances in one test) the last one registered would verify for all. The strategy therefore holds no state of
 * its own: the secret and the account lookup come with the request, from the guard of the application serving it.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor() {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: (request: FastifyRequest, _token: string, done: (e: null, s: string) => void) =>
        done(null, verificationOf(request).secret),
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** False (→ 401 Invalid JWT token) when the account no longer exists or its password changed since. */
  async validate(request: FastifyRequest, claims: AccessTokenClaims): Promise<AccountSnapshot | false> {
    if (typeof claims.sub !== 'string') return false;
    const account = await verificationOf(request).account(claims.sub);
    return account && (claims.sv ?? 0) === account.sessionVersion ? account : false;
  }
}
