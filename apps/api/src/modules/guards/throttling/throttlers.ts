import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../../config/settings';
import type { CounterStore } from '../../metering/counter-store';
import { licensedPrincipal } from '../principal';
import { CounterThrottlerStorage } from './counter-throttler.storage';

/** Names of the throttlers each guard runs: AccountThrottlerGuard the first, ClientIpThrottlerGuard the second. */
export const ACCOUNT_THROTTLER_PREFIX = 'account-';
export const CLIENT_IP_THROTTLER_PREFIX = 'client-ip-';

const licenseOf = (context: ExecutionContext) =>
  licensedPrincipal(context.switchToHttp().getRequest<FastifyRequest>()).license;

/** The caller's license limits (contract section 6: per license, for each token's account on lottery routes). */
const ACCOUNT_THROTTLERS: ThrottlerOptions[] = [
  { name: `${ACCOUNT_THROTTLER_PREFIX}second`, ttl: 1000, limit: (c) => licenseOf(c).perSecond },
  { name: `${ACCOUNT_THROTTLER_PREFIX}minute`, ttl: 60_000, limit: (c) => licenseOf(c).perMinute },
  { name: `${ACCOUNT_THROTTLER_PREFIX}hour`, ttl: 3_600_000, limit: (c) => licenseOf(c).perHour },
];

/** IP_RATE_LIMIT's windows, per client IP across all routes; none when it is `off`. */
function clientIpThrottlers(settings: Settings): ThrottlerOptions[] {
  return (settings.ipRateLimit ?? []).map(({ limit, windowSeconds }) => ({
    name: `${CLIENT_IP_THROTTLER_PREFIX}${windowSeconds}s`,
    ttl: windowSeconds * 1000,
    limit,
  }));
}

/** ThrottlerModule's options: every named throttler, our storage, and no package headers (we write our own). */
export function throttlerModuleOptions(settings: Settings, store: CounterStore): ThrottlerModuleOptions {
  return {
    throttlers: [...ACCOUNT_THROTTLERS, ...clientIpThrottlers(settings)],
    storage: new CounterThrottlerStorage(store),
    setHeaders: false,
  };
}
