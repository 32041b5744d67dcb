import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { MetricsService } from '../metrics/metrics.service';
import {
  COUNTER_STORE,
  type CounterStore,
  type IncrementResult,
  type RateLimitHit,
  type RateLimitRule,
} from './counter-store';
import { QuotaService, type QuotaState } from './quota.service';
import { needsSettling } from './billing';
import type { RequestMeter } from './request-meter';

/** Who a metered request is charged to: an account with a license (LicenseGuard has passed). */
export interface MeteredCaller {
  accountId: string;
  tokenId?: string;
  license: { monthlyQuota: number | null };
}

/**
 * The metered steps of contract section 5 after the token and license checks, top to bottom, each a small named
 * function; the guards of the chain call them in order, and the answer settles what they charged:
 *   5. checkQuota — the month is not used up (as far as this instance knows; the charge decides exactly);
 *   6. the rate limits — @nestjs/throttler resolves which apply (AccountThrottlerGuard: addRateLimit);
 *   6+7. charge — withRateLimits, then withCredits: counted together in one atomic store call, so a metered read
 *      costs one Redis round trip (the order holds: a refused request is not charged);
 *   after the answer: settle — a client error stays charged, a failure of ours is refunded.
 * The client-IP limit comes before the token (enforceRateLimits) so a flood of made-up tokens costs no lookup.
 */
@Injectable()
export class MeteringService {
  constructor(
    private readonly quota: QuotaService,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Step 5: fewer units of the monthly quota left than the route costs (`cost`) → 403. Consumes nothing; names
   * the units step 7 will consume.
   */
  checkQuota(meter: RequestMeter, caller: MeteredCaller, cost: number): void | Promise<void> {
    const { accountId, license } = caller;
    // This instance usually knows the month's count already: decide at once, without a promise.
    const state = this.quota.stateForCheck(accountId, license.monthlyQuota);
    if (!(state instanceof Promise)) return this.refuseUsedUp(meter, caller, state, cost);
    return state.then((known) => this.refuseUsedUp(meter, caller, known, cost));
  }

  /** A rate limit that applies to this request (step 6, or the client IP's), to be counted. */
  addRateLimit(meter: RequestMeter, rule: RateLimitRule): void {
    meter.rateLimits.push(rule);
  }

  /** Counts the limits added so far, now: the client IP's, decided before the token is even looked up. */
  async enforceRateLimits(meter: RequestMeter): Promise<void> {
    const rules = takeRateLimits(meter);
    if (rules.length) this.withRateLimits(meter, rules, await this.store.rateLimitHits(rules));
  }

  /** Steps 6 and 7: the rate limits, then one unit of quota, in one atomic store call. */
  async charge(meter: RequestMeter, caller: MeteredCaller): Promise<void> {
    const rules = takeRateLimits(meter);
    const charge = meter.pendingCharge;
    if (!charge) throw new Error('Metering order: checkQuota (step 5) must run before the charge');
    const { hits, increment } = rules.length
      ? await this.store.rateLimitHitsThenIncrement(rules, charge)
      : { hits: [], increment: undefined };
    this.withRateLimits(meter, rules, hits);
    await this.withCredits(meter, caller, increment);
  }

  /** After the answer: what stays billed of a charged request (billing.ts). */
  settle(meter: RequestMeter | undefined, status: number): void {
    const charged = meter?.charged;
    if (charged && needsSettling(status)) void this.quota.settle(charged, status).catch(() => undefined);
  }

  private refuseUsedUp(meter: RequestMeter, caller: MeteredCaller, state: QuotaState, cost: number): void {
    meter.quota = state;
    if (state.remaining !== null && state.remaining < cost) {
      this.metrics.quotaRejections.inc();
      throw ApiError.forbidden(Messages.quotaExceeded);
    }
    meter.pendingCharge = this.quota.pendingCharge(caller.accountId, state, cost);
  }

  /** Each window's standing goes to the headers; any refusal is the contract's 429 (and nothing was counted). */
  private withRateLimits(meter: RequestMeter, rules: RateLimitRule[], hits: RateLimitHit[]): void {
    let retryAfterMs = 0;
    hits.forEach((hit, i) => {
      meter.rateWindows.push({
        limit: rules[i].limit,
        remaining: hit.remaining,
        resetSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)),
      });
      if (!hit.allowed) retryAfterMs = Math.max(retryAfterMs, hit.retryAfterMs);
    });
    if (hits.some((hit) => !hit.allowed)) {
      meter.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      this.metrics.rateLimitRejections.inc();
      throw ApiError.tooManyRequests();
    }
  }

  /** Step 7: the route's units of quota (usually consumed already, in the rate limits' store call); too few → 403. */
  private async withCredits(
    meter: RequestMeter,
    caller: MeteredCaller,
    increment: IncrementResult | undefined,
  ): Promise<void> {
    const charge = meter.pendingCharge;
    const madeAhead = charge && increment !== undefined ? { charge, result: increment } : undefined;
    const consumed = await this.quota.consume(
      caller.accountId,
      caller.license.monthlyQuota,
      caller.tokenId,
      madeAhead,
      charge?.amount,
    );
    if (!consumed) {
      this.metrics.quotaRejections.inc();
      throw ApiError.forbidden(Messages.quotaExceeded);
    }
    meter.quota = consumed.state;
    meter.charged = consumed.charge;
  }
}

function takeRateLimits(meter: RequestMeter): RateLimitRule[] {
  const rules = meter.rateLimits;
  meter.rateLimits = [];
  return rules;
}
