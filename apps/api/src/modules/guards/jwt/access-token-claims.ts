/** Claims of the access token issued at login (signed HS256 by AuthService, verified by JwtStrategy). */
export interface AccessTokenClaims {
  sub: string;
  role: string;
}

export const JWT_ALGORITHM = 'HS256';
