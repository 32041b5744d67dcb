import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Controller, Delete, Get, HttpCode, Inject, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { TokensService } from '../tokens/tokens.service';
import { ProfileDto } from './dto/profile.dto';
import { MONTH_MESSAGE, UsageQueryDto } from './dto/usage-query.dto';
import { UsageReportDto } from './dto/usage-report.dto';

/** The caller's own account. */
@ApiTags('profile')
@Controller('profile')
export class ProfileController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly views: AccountViewService,
    private readonly tokens: TokensService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get()
  @Auth('user')
  @ApiOperation({
    summary: "The caller's account, with its license, this month's usage and its tokens against the maximum.",
  })
  @ApiOkResponse({ type: ProfileDto })
  async getProfile(@CurrentPrincipal() principal: Principal): Promise<ProfileDto> {
    const [account, count] = await Promise.all([
      this.accounts.getOrFail(principal.accountId).then((found) => this.views.view(found)),
      this.tokens.count(principal.accountId),
    ]);
    return { ...account, tokens: { count, max: this.settings.maxTokensPerAccount } };
  }

  @Get('usage')
  @Auth('user')
  @ApiOperation({
    summary:
      "The caller's metered usage in a month, day by day and token by token, successes and errors apart.",
  })
  @ApiOkResponse({ type: UsageReportDto })
  @ApiErrorResponse(400, "Invalid 'month'.", MONTH_MESSAGE)
  async getUsage(
    @CurrentPrincipal() principal: Principal,
    @Query() query: UsageQueryDto,
  ): Promise<UsageReportDto> {
    return this.views.usageReport(await this.accounts.getOrFail(principal.accountId), query.month);
  }

  @Delete()
  @Auth('user')
  @HttpCode(204)
  @ApiOperation({ summary: "Delete the caller's account; its tokens stop working at once." })
  @ApiNoContentResponse({ description: 'The account and its tokens are gone.' })
  async deleteProfile(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.accounts.remove(principal.accountId);
  }
}
