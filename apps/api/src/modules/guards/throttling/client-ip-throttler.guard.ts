import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';
import { CLIENT_IP_THROTTLER_PREFIX } from './throttlers';
import { RateLimitGuard } from './rate-limit.guard';

/** IP_RATE_LIMIT's named throttlers, as @nestjs/throttler resolves them for a route (see RateLimitGuard). */
@Injectable()
export class ClientIpRateLimits extends RateLimitGuard {
  protected readonly throttlerPrefix = CLIENT_IP_THROTTLER_PREFIX;

  /** False with IP_RATE_LIMIT=off. */
  get enabled(): boolean {
    return this.throttlers.length > 0;
  }
}

/**
 * IP_RATE_LIMIT per client IP (the package's tracker: the IP Fastify resolved under TRUST_PROXY, IPv6 grouped by
 * subnet), on every route. It runs first and is counted at once, so an address over its limit gets 429 before its
 * token is even looked up: a flood of made-up tokens from one address costs no database query once limited.
 */
@Injectable()
export class ClientIpThrottlerGuard implements CanActivate {
  constructor(
    private readonly limits: ClientIpRateLimits,
    private readonly metering: MeteringService,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // IP_RATE_LIMIT=off: nothing to count, and no promise to wait for.
    return this.limits.enabled ? this.countAtOnce(context) : true;
  }

  private async countAtOnce(context: ExecutionContext): Promise<boolean> {
    await this.limits.canActivate(context);
    await this.metering.enforceRateLimits(meterOf(context.switchToHttp().getRequest<FastifyRequest>()));
    return true;
  }
}
