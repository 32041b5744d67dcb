import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import type { LicenseLimits } from '../../common/auth/principal';
import { SETTINGS } from '../../config/settings.module';
import type { RateWindow, Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import { COUNTER_STORE, type CounterStore, type WindowHit } from './counter-store';

interface LabelledWindow extends RateWindow {
  key: string;
}

/**
 * Fixed-window rate limits: per account (the license's per-second/minute/hour) on metered routes, and per client
 * IP (IP_RATE_LIMIT) on every route. Sets X-RateLimit-* for the tightest window; refuses with 429 + Retry-After.
 */
@Injectable()
export class RateLimiterService {
  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly metrics: MetricsService,
  ) {}

  enforceClientIp(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.enforce(this.ipWindows(request.ip), reply);
  }

  enforceAccount(
    accountId: string,
    license: LicenseLimits,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const accountWindows: LabelledWindow[] = [
      { key: `rl:acct:${accountId}:s`, limit: license.perSecond, windowSeconds: 1 },
      { key: `rl:acct:${accountId}:m`, limit: license.perMinute, windowSeconds: 60 },
      { key: `rl:acct:${accountId}:h`, limit: license.perHour, windowSeconds: 3600 },
    ];
    return this.enforce([...accountWindows, ...this.ipWindows(request.ip)], reply);
  }

  private ipWindows(ip: string): LabelledWindow[] {
    return (this.settings.ipRateLimit ?? []).map((w) => ({ ...w, key: `rl:ip:${ip}:${w.windowSeconds}` }));
  }

  private async enforce(windows: LabelledWindow[], reply: FastifyReply): Promise<void> {
    if (windows.length === 0) return;
    const counts = await this.store.hit(
      windows.map(({ key, windowSeconds }): WindowHit => ({ key, windowSeconds })),
    );
    const states = windows.map((w, i) => ({
      limit: w.limit,
      remaining: w.limit - counts[i].count,
      resetSeconds: Math.max(1, Math.ceil(counts[i].resetMs / 1000)),
    }));
    const tightest = states.reduce((a, b) =>
      b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds < a.resetSeconds) ? b : a,
    );
    reply.header('X-RateLimit-Limit', tightest.limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, tightest.remaining));
    reply.header('X-RateLimit-Reset', tightest.resetSeconds);
    const exceeded = states.filter((s) => s.remaining < 0);
    if (exceeded.length) {
      this.metrics.rateLimitRejections.inc();
      throw ApiError.tooManyRequests(Math.max(...exceeded.map((s) => s.resetSeconds)));
    }
  }
}
