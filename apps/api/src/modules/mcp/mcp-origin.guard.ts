import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { OriginPolicy } from '../../common/http/origin-policy';
import type { Settings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';

/**
 * The MCP endpoint's first check (the MCP Streamable HTTP transport requires servers to validate Origin, against
 * DNS rebinding): a request without Origin is no browser page's and passes; a page's request passes when
 * OriginPolicy admits its origin at the Host it reached (Fastify's request.host: X-Forwarded-Host under
 * TRUST_PROXY), else 403 before anything else is looked at.
 *
 * Not the SDK transport's own `allowedHosts`/`allowedOrigins` (deprecated in favour of middleware, an exact match
 * of the raw Host header, so no loopback on any port and no proxy's host, and checked only inside the exchange,
 * after the token, the counting and the body).
 */
@Injectable()
export class McpOriginGuard implements CanActivate {
  private readonly origins: OriginPolicy;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.origins = new OriginPolicy(settings.corsOrigins, settings.mail.publicUrl);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const origin = request.headers.origin;
    if (origin === undefined || this.origins.admitsToMcp(origin, request.host)) return true;
    throw ApiError.forbidden(Messages.mcpOriginRefused);
  }
}
