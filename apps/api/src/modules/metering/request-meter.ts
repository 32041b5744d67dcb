import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitHit, RateLimitRule } from './counter-store';
import type { Charge, QuotaState } from './quota.service';

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

/**
 * What a request's limits found, for its answer: the windows it was counted in (the client IP's, the account's),
 * its quota, and what it was charged. Written as headers below, and settled once answered (MeteringService).
 */
export interface RequestMeter {
  /** The counted windows' standing, for the headers. */
  rateWindows: RateWindowState[];
  /** Set when a rate window refused the request. */
  retryAfterSeconds?: number;
  quota?: QuotaState;
  /** Set when units of quota were consumed (step 7), so that the answer can settle them (error, or refund). */
  charged?: Charge;
}

export function meterOf(request: FastifyRequest): RequestMeter {
  return (request.meter ??= { rateWindows: [] });
}

/** Counted windows as the headers show them; `retryAfterSeconds` set when any of them refused the request. */
export function rateWindowsOf(
  rules: RateLimitRule[],
  hits: RateLimitHit[],
): { windows: RateWindowState[]; retryAfterSeconds?: number } {
  let retryAfterMs: number | undefined;
  const windows = hits.map((hit, i) => {
    if (!hit.allowed) retryAfterMs = Math.max(retryAfterMs ?? 0, hit.retryAfterMs);
    return {
      limit: rules[i].limit,
      remaining: hit.remaining,
      resetSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)),
    };
  });
  return retryAfterMs === undefined
    ? { windows }
    : { windows, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** What a limit or an admission found, added to the request's meter. */
export function recordOnMeter(
  meter: RequestMeter,
  found: { windows: RateWindowState[]; retryAfterSeconds?: number; quota?: QuotaState; charge?: Charge },
): void {
  for (const window of found.windows) meter.rateWindows.push(window);
  if (found.retryAfterSeconds !== undefined) meter.retryAfterSeconds = found.retryAfterSeconds;
  if (found.quota) meter.quota = found.quota;
  if (found.charge) meter.charged = found.charge;
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
