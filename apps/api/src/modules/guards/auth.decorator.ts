import { applyDecorators, CanActivate, SetMetadata, Type, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { withRouteConfig } from '../../common/http/route-config';
import { AdminRoleGuard } from './jwt/admin-role.guard';
import { JwtAuthGuard } from './jwt/jwt-auth.guard';
import { QuotaGuard } from './quota/quota.guard';
import { McpAdmissionGuard } from '../mcp/mcp-admission.guard';
import { McpOriginGuard } from '../mcp/mcp-origin.guard';
import { ApiTokenGuard } from './token/api-token.guard';
import { ApiTokenOrBearerGuard } from './token/api-token-or-bearer.guard';
import { LicenseGuard } from './token/license.guard';
import { DEFAULT_QUOTA_COST } from '../metering/billing';
import { type AccessLevel, type AuthDeclaration, AUTH_DECLARATION, ROUTE_ACCESS } from './route-access';

export const API_TOKEN_SCHEME = 'apiToken';
export const JWT_SCHEME = 'jwt';

/**
 * Each level's guards, in the order they run. For `apiToken` this is the contract's order of checks:
 * 1–2 token, 3–4 license, 5–7 quota, rate limits and the charge (admission); validation (step 8) comes after.
 */
export const GUARDS_BY_LEVEL: Record<AccessLevel, Type<CanActivate>[]> = {
  public: [],
  apiToken: [ApiTokenGuard, LicenseGuard, QuotaGuard],
  mcp: [McpOriginGuard, ApiTokenOrBearerGuard, LicenseGuard, McpAdmissionGuard],
  user: [JwtAuthGuard],
  admin: [JwtAuthGuard, AdminRoleGuard],
};

/**
 * The declaration in the route's Fastify config as well, for the hooks that run before Nest: the client-IP limit
 * (ClientIpLimit, counted when the request arrives) and the checks before the body (installChecksBeforeBody).
 * Fastify knows routes, not controllers: on a class, only the defaults can be declared.
 */
function declareToFastify(declaration: AuthDeclaration): ClassDecorator & MethodDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    if (descriptor) withRouteConfig({ [ROUTE_ACCESS]: declaration })(target, key as string, descriptor);
    else if (!declaration.ipRateLimit || declaration.beforeBody) {
      throw new Error(
        '@Auth options ipRateLimit and beforeBody are declared on route handlers, not on classes',
      );
    }
  };
}

/**
 * Every route declares who may call it with this decorator: it composes that level's guards and documents the
 * security scheme and refusals. RouteDeclarationCheck refuses to start while any route declares nothing. The
 * client-IP limit (IP_RATE_LIMIT) is not a guard: it is counted when the request arrives, before its body is
 * read (ClientIpLimit); `ipRateLimit: false` exempts the route.
 */
export function Auth(
  level: AccessLevel,
  options: { ipRateLimit?: boolean; beforeBody?: boolean; cost?: number } = {},
) {
  const cost = options.cost ?? DEFAULT_QUOTA_COST;
  if (!Number.isSafeInteger(cost) || cost < 1 || (options.cost !== undefined && level !== 'apiToken'))
    throw new Error(`@Auth cost ${options.cost} on a ${level} route: metered routes cost a whole number ≥ 1`);
  const declaration: AuthDeclaration = {
    level,
    ipRateLimit: options.ipRateLimit ?? true,
    beforeBody: options.beforeBody ?? false,
    cost,
  };
  const guards = GUARDS_BY_LEVEL[level];
  const decorators: (ClassDecorator & MethodDecorator)[] = [
    SetMetadata(AUTH_DECLARATION, declaration),
    declareToFastify(declaration),
  ];
  if (guards.length) decorators.push(UseGuards(...guards));
  if (declaration.ipRateLimit || level === 'apiToken') {
    decorators.push(ApiErrorResponse(429, 'Rate limit exceeded (see Retry-After).'));
  }
  if (level === 'apiToken') {
    decorators.push(
      ApiSecurity(API_TOKEN_SCHEME),
      ApiExtension('x-quota-cost', cost),
      ApiErrorResponse(401, 'X-API-Token missing or unknown.', Messages.tokenHeaderMissing),
      ApiErrorResponse(
        403,
        'Account disabled, without license, or monthly quota used up.',
        Messages.quotaExceeded,
      ),
    );
  }
  if (level === 'mcp') {
    decorators.push(
      ApiSecurity(API_TOKEN_SCHEME),
      ApiErrorResponse(
        401,
        'API token missing or unknown (in X-API-Token or Authorization: Bearer).',
        Messages.tokenHeaderMissing,
      ),
      ApiErrorResponse(
        403,
        "A browser page's origin not allowed, account disabled, or without license.",
        Messages.accountDisabled,
      ),
    );
  }
  if (level === 'user' || level === 'admin') {
    decorators.push(
      ApiBearerAuth(JWT_SCHEME),
      ApiErrorResponse(401, 'Authorization header missing or invalid JWT.', Messages.invalidJwt),
    );
  }
  if (level === 'admin')
    decorators.push(ApiErrorResponse(403, 'Administrator role required.', Messages.adminRequired));
  return applyDecorators(...decorators);
}
