import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Charge, ChargeMadeAhead, PendingCharge, QuotaState } from '../metering/quota.service';

/** One rate window's standing after this request. */
export interface RateWindowState {
  limit: number;
  remaining: number;
  /** Seconds until the window's current bucket ends. */
  resetSeconds: number;
}

/** What the guards learned about the caller's limits; they only gather figures, headers are written below. */
export interface RequestMeter {
  rateWindows: RateWindowState[];
  /** Set when a rate window refused the request. */
  retryAfterSeconds?: number;
  quota?: QuotaState;
  /** Step 7's unit, named by the quota check (step 5) for the rate-limit step (6) to consume with its count. */
  pendingCharge?: PendingCharge;
  /** What that consumption found, for step 7 to settle (absent when step 6 counted no limit). */
  chargeMadeAhead?: ChargeMadeAhead;
  /** Set when a unit of quota was consumed (step 7), so that the answer can settle it (error, or refund). */
  charged?: Charge;
}

export function meterOf(request: FastifyRequest): RequestMeter {
  return (request.meter ??= { rateWindows: [] });
}

/**
 * The one place that writes the limit headers (contract section 6), for answers and refusals alike:
 * X-RateLimit-* of the tightest window, Retry-After on a 429, X-Quota-* on metered routes (X-Quota-Limit and
 * X-Quota-Remaining are omitted for an unlimited license).
 */
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
    reply.header('X-Quota-Reset', meter.quota.resetsAt.toISOString());
  }
}
