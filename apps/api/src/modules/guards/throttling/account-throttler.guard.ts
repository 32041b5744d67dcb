import { Injectable } from '@nestjs/common';
import { ACCOUNT_THROTTLER_PREFIX } from './throttlers';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * Step 6 of contract section 5: the license's per-second, per-minute and per-hour limits, per account. They are
 * counted with the unit of quota by QuotaChargeGuard (step 7), in one store call: a refused request is not charged.
 */
@Injectable()
export class AccountThrottlerGuard extends RateLimitGuard {
  protected readonly throttlerPrefix = ACCOUNT_THROTTLER_PREFIX;
}
