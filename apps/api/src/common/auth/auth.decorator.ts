import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ErrorBodyDto } from '../errors/error-body.dto';

/**
 * Who may call a route:
 * - `public`: anyone (per-IP rate limit still applies unless `ipRateLimit: false`);
 * - `apiToken`: the metered lottery routes, `X-API-Token` through the whole check chain of contract section 5;
 * - `user`: a logged-in account (JWT); `admin`: a logged-in account with role admin.
 */
export type AccessLevel = 'public' | 'apiToken' | 'user' | 'admin';

export interface AuthDeclaration {
  level: AccessLevel;
  ipRateLimit: boolean;
}

export const AUTH_DECLARATION = 'auth:declaration';
export const API_TOKEN_SCHEME = 'apiToken';
export const JWT_SCHEME = 'jwt';

const errorResponse = (status: number, description: string) =>
  ApiResponse({ status, description, type: ErrorBodyDto });

/** Every route declares its access level with this decorator; AccessGuard refuses routes that do not. */
export function Auth(level: AccessLevel, options: { ipRateLimit?: boolean } = {}) {
  const declaration: AuthDeclaration = { level, ipRateLimit: options.ipRateLimit ?? true };
  const decorators: (ClassDecorator & MethodDecorator)[] = [SetMetadata(AUTH_DECLARATION, declaration)];
  if (declaration.ipRateLimit) decorators.push(errorResponse(429, 'Rate limit exceeded (see Retry-After).'));
  if (level === 'apiToken') {
    decorators.push(
      ApiSecurity(API_TOKEN_SCHEME),
      errorResponse(401, 'X-API-Token missing or unknown.'),
      errorResponse(403, 'Account disabled, without license, or monthly quota used up.'),
    );
  }
  if (level === 'user' || level === 'admin') {
    decorators.push(
      ApiBearerAuth(JWT_SCHEME),
      errorResponse(401, 'Authorization header missing or invalid JWT.'),
    );
  }
  if (level === 'admin') decorators.push(errorResponse(403, 'Administrator role required.'));
  return applyDecorators(...decorators);
}
