import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { AccountViewService } from './account-view.service';
import { AccountsService } from './accounts.service';
import { AccountDto } from './dto/account.dto';
import { ListAccountsQueryDto } from './dto/list-accounts-query.dto';
import { UpdateAccountDto } from './dto/update-account.dto';

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
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Invalid limit, offset or email.' })
  async listAccounts(@Query() query: ListAccountsQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.accounts.list(page, query.email);
    return envelope('accounts', page, await this.views.views(items), total);
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One account, with its license and usage.' })
  @ApiOkResponse({ type: AccountDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Account not found.' })
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
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: 'Invalid field, or a license that does not exist.',
  })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Account not found.' })
  async updateAccount(@Param('id') id: string, @Body() body: UpdateAccountDto): Promise<AccountDto> {
    return this.views.view(await this.accounts.update(id, body));
  }
}
