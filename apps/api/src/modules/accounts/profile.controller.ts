import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Body, Controller, Delete, Get, HttpCode, Inject, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { TokensService } from '../tokens/tokens.service';
import { DeleteProfileDto } from './dto/delete-profile.dto';
import { ProfileDto } from './dto/profile.dto';
import { MONTH_MESSAGE, UsageQueryDto } from './dto/usage-query.dto';
import { UsageReportDto } from './dto/usage-report.dto';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

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
      this.accounts.getCallerOrFail(principal.accountId).then((found) => this.views.view(found)),
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
    return this.views.usageReport(await this.accounts.getCallerOrFail(principal.accountId), query.month);
  }

  @Delete()
  @Auth('user')
  @HttpCode(204)
  @ApiOperation({
    summary: "Delete the caller's account; its tokens stop working at once.",
    description:
      'The current password is required. The metering records stay (the operator keeps its books): registering ' +
      "the same e-mail again continues this month's usage rather than starting a fresh quota.",
  })
  @ApiNoContentResponse({ description: 'The account and its tokens are gone.' })
  @ApiErrorResponse(400, 'The password is missing or wrong.', Messages.profilePasswordWrong)
  @ApiErrorResponse(409, 'The caller is the last enabled administrator.', Messages.lastEnabledAdmin)
  async deleteProfile(
    @CurrentPrincipal() principal: Principal,
    @Body() body: DeleteProfileDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.accounts.removeWithPassword(principal.accountId, body.password, deadline);
  }
}
