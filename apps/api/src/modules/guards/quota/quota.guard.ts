import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { Messages } from '../../../common/errors/messages';
import { QuotaService, type QuotaState } from '../../metering/quota.service';
import { MetricsService } from '../../metrics/metrics.service';
import { licensedPrincipal } from '../principal';
import { meterOf } from '../request-meter';

/** Step 5 of contract section 5: the monthly quota is used up → 403. Looks, consumes nothing. */
@Injectable()
export class QuotaGuard implements CanActivate {
  constructor(
    private readonly quota: QuotaService,
    private readonly metrics: MetricsService,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { accountId, license } = licensedPrincipal(request);
    // This instance usually knows the month's count already: decide at once, without a promise.
    const known = this.quota.knownState(accountId, license.monthlyQuota);
    if (known) return this.decide(request, known, accountId);
    return this.quota
      .check(accountId, license.monthlyQuota)
      .then((state) => this.decide(request, state, accountId));
  }

  private decide(request: FastifyRequest, state: QuotaState, accountId: string): boolean {
    const meter = meterOf(request);
    meter.quota = state;
    if (state.remaining === 0) {
      this.metrics.quotaRejections.inc();
      throw ApiError.forbidden(Messages.quotaExceeded);
    }
    // Named now so that the rate-limit step can consume it in its own store call (one Redis round trip for both).
    meter.pendingCharge = this.quota.pendingCharge(accountId, state);
    return true;
  }
}
