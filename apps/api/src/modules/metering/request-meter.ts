import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from './counter-store';
import type { Charge, PendingCharge, QuotaState } from './quota.service';

/** One rate window's standing after this request. */
export interface RateWindowState {
  limit: number;
  remaining: number;
  /** Seconds until the window's current bucket ends. */
  resetSeconds: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What metering learned about this request (MeteringService); written as headers by writeMeterHeaders(). */
    meter?: RequestMeter;
  }
}

/** What the metering steps learned about a request; they only gather figures, headers are written below. */
export interface RequestMeter {
  /** Rate limits that apply, as @nestjs/throttler resolved them, not yet counted. */
  rateLimits: RateLimitRule[];
  /** The counted windows' standing, for the headers. */
  rateWindows: RateWindowState[];
  /** Set when a rate window refused the request. */
  retryAfterSeconds?: number;
  quota?: QuotaState;
  /** Step 7's unit, named by the quota check (step 5) so that steps 6 and 7 go in one store call. */
  pendingCharge?: PendingCharge;
  /** Set when a unit of quota was consumed (step 7), so that the answer can settle it (error, or refund). */
  charged?: Charge;
}

export function meterOf(request: FastifyRequest): RequestMeter {
  return (request.meter ??= { rateLimits: [], rateWindows: [] });
}

/**
 * The one place that writes the limit headers (contract section 6), for answers and refusals alike:
 * X-RateLimit-* of the tightest window, Retry-After on a 429, X-Quota-* on metered routes (X-Quota-Limit and
 * X-Quota-Remaining are omitted for an unlimited license).
 */
/** The reset instants are one Date per month (monthResetsAt): each is written out once. */
const isoStrings = new WeakMap<Date, string>();
function isoOf(date: Date): string {
  let iso = isoStrings.get(date);
  if (iso === undefined) isoStrings.set(date, (iso = date.toISOString()));
  return iso;
}

export function writeMeterHeaders(reply: FastifyReply, meter: RequestMeter): void {
  const tightest = meter.rateWindows.reduce<RateWindowState | undefined>(
    (a, b) =>
      !a || b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds < a.resetSeconds)
        ? b
        : a,
    undefined,
  );
  if (tightest) {
    reply.header('X-RateLimit-Limit', tightest.limit);
    reply.header('X-RateLimit-Remaining', tightest.remaining);
    reply.header('X-RateLimit-Reset', tightest.resetSeconds);
  }
  if (meter.retryAfterSeconds !== undefined) reply.header('Retry-After', meter.retryAfterSeconds);
  if (meter.quota) {
    if (meter.quota.quota !== null) {
      reply.header('X-Quota-Limit', meter.quota.quota);
      reply.header('X-Quota-Remaining', meter.quota.remaining ?? 0);
    }
    reply.header('X-Quota-Reset', isoOf(meter.quota.resetsAt));
  }
}
