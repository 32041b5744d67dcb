import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../../config/settings';
import { licensedPrincipal } from '../principal';

/** Names of the throttlers: AccountThrottlerGuard runs the first, the ClientIpLimit hook the second. */
export const ACCOUNT_THROTTLER_PREFIX = 'account-';
export const CLIENT_IP_THROTTLER_PREFIX = 'client-ip-';

const licenseOf = (context: ExecutionContext) =>
  licensedPrincipal(context.switchToHttp().getRequest<FastifyRequest>()).license;

/** One of the license's windows, tracked per account (the principal ApiTokenGuard set), not per address. */
function accountWindow(
  name: string,
  ttl: number,
  limitOf: (license: ReturnType<typeof licenseOf>) => number,
): ThrottlerOptions {
  return {
    name: `${ACCOUNT_THROTTLER_PREFIX}${name}`,
    ttl,
    limit: (context) => limitOf(licenseOf(context)),
    getTracker: (request) => licensedPrincipal(request).accountId,
  };
}

/** The caller's license limits (contract section 6: per license, for each token's account on lottery routes). */
const ACCOUNT_THROTTLERS: ThrottlerOptions[] = [
  accountWindow('second', 1000, (license) => license.perSecond),
  accountWindow('minute', 60_000, (license) => license.perMinute),
  accountWindow('hour', 3_600_000, (license) => license.perHour),
];

/** IP_RATE_LIMIT's windows, per client IP across all routes; none when it is `off`. */
function clientIpThrottlers(settings: Settings): ThrottlerOptions[] {
  return (settings.ipRateLimit ?? []).map(({ limit, windowSeconds }) => ({
    name: `${CLIENT_IP_THROTTLER_PREFIX}${windowSeconds}s`,
    ttl: windowSeconds * 1000,
    limit,
  }));
}

/** One counter per throttler and tracker, shared by every route (the package's default key is per route). */
export function throttlerKey(name: string, tracker: string): string {
  return `rate:${name}:${tracker}`;
}

/**
 * ThrottlerModule's options: every named throttler, and no package headers (we write our own).
 *
 * No `storage`: our guards never count through the package (RateLimitGuard hands each limit to MeteringService,
 * which counts a request's windows and its unit of quota in one store call), so any storage here is dead code.
 * Left out, the package builds its default in-memory ThrottlerStorageService: two empty Maps, and a sweep timer
 * that starts only at its first increment(), which nothing calls. That is less code and less surprise than a
 * storage of ours that would have to be kept in step with the counters for nothing.
 */
export function throttlerModuleOptions(settings: Settings): ThrottlerModuleOptions {
  return {
    throttlers: [...ACCOUNT_THROTTLERS, ...clientIpThrottlers(settings)],
    generateKey: (_context, tracker, name) => throttlerKey(name, tracker),
    setHeaders: false,
  };
}
