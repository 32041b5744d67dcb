import { Injectable } from '@nestjs/common';
import { licensedPrincipal } from '../principal';
import { ACCOUNT_THROTTLER_PREFIX } from './throttlers';
import { ScopedThrottlerGuard } from './scoped-throttler.guard';

/** Step 6 of contract section 5: the license's per-second, per-minute and per-hour limits, per account. */
@Injectable()
export class AccountThrottlerGuard extends ScopedThrottlerGuard {
  protected readonly throttlerPrefix = ACCOUNT_THROTTLER_PREFIX;

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return licensedPrincipal(request).accountId;
  }
}
