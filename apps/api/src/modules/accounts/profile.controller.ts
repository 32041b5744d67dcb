import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { AccountDto } from './dto/account.dto';
import { UsageQueryDto } from './dto/usage-query.dto';
import { UsageReportDto } from './dto/usage-report.dto';

/** The caller's own account. */
@ApiTags('profile')
@Controller('profile')
export class ProfileController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly views: AccountViewService,
  ) {}

  @Get()
  @Auth('user')
  @ApiOperation({ summary: "The caller's account, with its license and this month's usage." })
  @ApiOkResponse({ type: AccountDto })
  async getProfile(@CurrentPrincipal() principal: Principal): Promise<AccountDto> {
    return this.views.view(await this.accounts.getOrFail(principal.accountId));
  }

  @Get('usage')
  @Auth('user')
  @ApiOperation({ summary: "The caller's metered usage in a month, day by day." })
  @ApiOkResponse({ type: UsageReportDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "Invalid 'month'." })
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
