import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { QuotaService } from '../metering/quota.service';
import { UsageHistoryService } from '../metering/usage-history.service';
import { utcMonth } from '../metering/usage-calendar';
import type { Account } from './account.entity';
import { AccountDto, toAccountDto } from './dto/account.dto';
import { UsageReportDto } from './dto/usage-report.dto';

/** Without a license an account may make no metered request at all: its quota reads 0, not "unlimited". */
function quotaOf(account: Account): number | null {
  return account.license ? account.license.monthlyQuota : 0;
}

/** Accounts as the API shows them: with their license and this month's usage. */
@Injectable()
export class AccountViewService {
  constructor(
    private readonly quota: QuotaService,
    private readonly history: UsageHistoryService,
    private readonly clock: Clock,
  ) {}

  /** `account.license` must have been loaded. */
  async view(account: Account): Promise<AccountDto> {
    return toAccountDto(account, await this.quota.state(account.id, quotaOf(account)));
  }

  views(accounts: Account[]): Promise<AccountDto[]> {
    return Promise.all(accounts.map((account) => this.view(account)));
  }

  /** Usage in `month` (default: the current UTC month), measured against the license held today. */
  async usageReport(account: Account, month = utcMonth(this.clock.now())): Promise<UsageReportDto> {
    const quota = quotaOf(account);
    const [{ used, remaining, resetsAt }, daily, tokens] = await Promise.all([
      this.quota.state(account.id, quota, month),
      this.history.daily(account.id, month),
      this.history.byToken(account.id, month),
    ]);
    const errors = daily.reduce((sum, day) => sum + day.errors, 0);
    return {
      month,
      used,
      quota,
      remaining,
      resetsAt: resetsAt.toISOString(),
      // `used` is the quota counter, which counts a request the moment it is charged; its outcome follows.
      success: Math.max(0, used - errors),
      errors,
      daily,
      tokens: tokens.map(({ tokenId, count, success, errors }) => ({ id: tokenId, count, success, errors })),
    };
  }
}
