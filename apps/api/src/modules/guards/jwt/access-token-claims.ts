/** Claims of the access token issued at login (signed HS256 by AuthService, verified by JwtStrategy). */
export interface AccessTokenClaims {
  sub: string;
  role: string;
  /** The account's session version when signed; a password change moves it on and refuses older tokens. */
  sv?: number;
}

export const JWT_ALGORITHM = 'HS256';
