import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Principal } from '../../common/auth/principal';
import { MetricsService } from '../metrics/metrics.service';
import { QuotaService, QuotaState } from '../metering/quota.service';
import { RateLimiterService } from '../metering/rate-limiter.service';
import { AccessCacheService } from './access-cache.service';
import { hashTokenSecret } from './token-secret';

/**
 * The check chain of a metered (X-API-Token) route, in the contract's order (section 5):
 * 1 header missing → 2 unknown token → 3 disabled → 4 no license → 5 quota used up → 6 rate limit →
 * 7 one unit consumed. Validation, unknown lottery and missing draw (8–10) happen later, in the handler,
 * so they still count against the quota.
 */
@Injectable()
export class MeteredAccessService {
  constructor(
    private readonly cache: AccessCacheService,
    private readonly quota: QuotaService,
    private readonly rateLimiter: RateLimiterService,
    private readonly metrics: MetricsService,
  ) {}

  async admit(request: FastifyRequest, reply: FastifyReply): Promise<Principal> {
    const secret = request.headers['x-api-token'];
    if (typeof secret !== 'string' || secret.trim() === '')
      throw ApiError.unauthorized(Messages.tokenHeaderMissing);

    const owner = await this.cache.tokenOwner(hashTokenSecret(secret.trim()));
    const account = owner && (await this.cache.account(owner.accountId));
    if (!owner || !account) throw ApiError.unauthorized(Messages.invalidToken);
    if (account.disabled) throw ApiError.forbidden(Messages.accountDisabled);
    const license = account.license;
    if (!license) throw ApiError.forbidden(Messages.noLicense);

    const before = await this.quota.state(account.accountId, license.monthlyQuota);
    setQuotaHeaders(reply, before);
    if (before.remaining === 0) this.refuseQuota();

    await this.rateLimiter.enforceAccount(account.accountId, license, request, reply);

    const after = await this.quota.consume(account.accountId, license.monthlyQuota, owner.tokenId);
    if (!after) this.refuseQuota();
    setQuotaHeaders(reply, after);
    return { ...account, tokenId: owner.tokenId };
  }

  private refuseQuota(): never {
    this.metrics.quotaRejections.inc();
    throw ApiError.forbidden(Messages.quotaExceeded);
  }
}

/** X-Quota-Limit and X-Quota-Remaining are omitted for an unlimited license; X-Quota-Reset is always sent. */
function setQuotaHeaders(reply: FastifyReply, state: QuotaState): void {
  if (state.quota !== null) {
    reply.header('X-Quota-Limit', state.quota);
    reply.header('X-Quota-Remaining', state.remaining ?? 0);
  }
  reply.header('X-Quota-Reset', state.resetsAt.toISOString());
}
