import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { LICENSE_FIELD_MESSAGE } from './dto/update-account.dto';
import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { AccountDto } from './dto/account.dto';
import { ListAccountsQueryDto } from './dto/list-accounts-query.dto';
import { UpdateAccountDto } from './dto/update-account.dto';
import { LIMIT_MESSAGE } from '../../common/pagination/page-query.dto';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

@ApiTags('admin')
@Controller('admin/accounts')
export class AdminAccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly views: AccountViewService,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List accounts, oldest first, optionally filtered by an email substring.' })
  @ApiPage('accounts', AccountDto)
  @ApiErrorResponse(400, 'Invalid limit, offset or email.', LIMIT_MESSAGE)
  async listAccounts(@Query() query: ListAccountsQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.accounts.list(page, query.email);
    return envelope('accounts', page, await this.views.views(items), total);
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One account, with its license and usage.' })
  @ApiOkResponse({ type: AccountDto })
  @ApiErrorResponse(404, 'Account not found.', Messages.accountNotFound)
  async getAccount(@Param('id') id: string): Promise<AccountDto> {
    return this.views.view(await this.accounts.getOrFail(id));
  }

  @Patch(':id')
  @Auth('admin')
  @ApiOperation({
    summary: 'Disable or enable an account, change its license or role.',
    description: "Takes effect at once on the account's API tokens and sessions.",
  })
  @ApiOkResponse({ type: AccountDto })
  @ApiErrorResponse(400, 'Invalid field, or a license that does not exist.', LICENSE_FIELD_MESSAGE)
  @ApiErrorResponse(404, 'Account not found.', Messages.accountNotFound)
  @ApiErrorResponse(
    409,
    'The change would disable or demote the last enabled administrator.',
    Messages.lastEnabledAdmin,
  )
  async updateAccount(
    @Param('id') id: string,
    @Body() body: UpdateAccountDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<AccountDto> {
    return this.views.view(await this.accounts.update(id, body, deadline));
  }
}
