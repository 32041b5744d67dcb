import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { MetricsService } from '../metrics/metrics.service';
import { COUNTER_STORE, type CounterStore, type RateLimitRule } from './counter-store';
import { QuotaService } from './quota.service';
import { needsSettling } from './billing';
import { rateWindowsOf, recordOnMeter, type RequestMeter } from './request-meter';

/**
 * The limits around admission (admission.ts): the rate limits that are not an account's license (the client IP's,
 * registrations', manual webhook sends'), counted at once; and, once a charged request is answered, its settling
 * as billing.ts rules.
 */
@Injectable()
export class MeteringService {
  constructor(
    private readonly quota: QuotaService,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Counts the request in every window of `rules` in one store call, or in none when any is full: then the
   * contract's 429, with Retry-After. The windows' standing goes to the request's meter (the headers).
   */
  async enforceRateLimits(meter: RequestMeter, rules: RateLimitRule[]): Promise<void> {
    if (rules.length === 0) return;
    const found = rateWindowsOf(rules, await this.store.rateLimitHits(rules));
    recordOnMeter(meter, found);
    if (found.retryAfterSeconds !== undefined) {
      this.metrics.rateLimitRejections.inc();
      throw ApiError.tooManyRequests();
    }
  }

  /** After the answer: what stays billed of a charged request (billing.ts). */
  settle(meter: RequestMeter | undefined, status: number): void {
    const charged = meter?.charged;
    if (charged && needsSettling(status)) void this.quota.settle(charged, status).catch(() => undefined);
  }
}
