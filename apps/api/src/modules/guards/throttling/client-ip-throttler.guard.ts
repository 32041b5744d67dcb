import { Injectable } from '@nestjs/common';
import { CLIENT_IP_THROTTLER_PREFIX } from './throttlers';
import { ScopedThrottlerGuard } from './scoped-throttler.guard';

/**
 * IP_RATE_LIMIT per client IP (the package's tracker: the IP Fastify resolved under TRUST_PROXY, IPv6 grouped by
 * /56), on every route. It runs first, so an address over its limit gets 429 before its token is even looked up:
 * a flood of made-up tokens from one address costs no database query once that address is limited.
 */
@Injectable()
export class ClientIpThrottlerGuard extends ScopedThrottlerGuard {
  protected readonly throttlerPrefix = CLIENT_IP_THROTTLER_PREFIX;
}
