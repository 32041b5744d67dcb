import type { ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import type { Settings } from '../../../config/settings';

/** The client-IP limit's throttlers are named with this prefix (ClientIpLimit reads them). */
export const CLIENT_IP_THROTTLER_PREFIX = 'client-ip-';

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
 * ThrottlerModule's options: IP_RATE_LIMIT's windows as named throttlers, and no package headers (we write our
 * own). An account's license windows are not among them: admission (metering/admission.ts) builds them from the
 * license and counts them with the quota charge, in one store call.
 *
 * No `storage`: nothing counts through the package (ClientIpLimit reads the throttlers and counts them with
 * MeteringService, in one store call), so any storage here is dead code.
 * Left out, the package builds its default in-memory ThrottlerStorageService: two empty Maps, and a sweep timer
 * that starts only at its first increment(), which nothing calls. That is less code and less surprise than a
 * storage of ours that would have to be kept in step with the counters for nothing.
 */
export function throttlerModuleOptions(settings: Settings): ThrottlerModuleOptions {
  return {
    throttlers: clientIpThrottlers(settings),
    generateKey: (_context, tracker, name) => throttlerKey(name, tracker),
    setHeaders: false,
  };
}
