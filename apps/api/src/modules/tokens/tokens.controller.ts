import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { DESCRIPTION_MESSAGE } from './token-fields';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { LIMIT_MESSAGE, PageQueryDto } from '../../common/pagination/page-query.dto';
import { CreateTokenDto } from './dto/create-token.dto';
import { CreatedTokenDto, TokenDto, toTokenDto } from './dto/token.dto';
import { GRACE_SECONDS_MESSAGE, RollTokenDto } from './dto/roll-token.dto';
import { UpdateTokenDto } from './dto/update-token.dto';
import { TokensService } from './tokens.service';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

/** The caller's API tokens (the secrets for X-API-Token). */
@ApiTags('tokens')
@Controller('profile/token')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @Auth('user')
  @ApiOperation({ summary: "List the caller's tokens, oldest first (never their secrets)." })
  @ApiPage('tokens', TokenDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', LIMIT_MESSAGE)
  async listTokens(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.tokens.list(principal.accountId, page);
    return envelope(
      'tokens',
      page,
      items.map((token) => toTokenDto(token)),
      total,
    );
  }

  @Post()
  @Auth('user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create a token. Its secret is in this answer only: keep it.' })
  @ApiCreatedResponse({ type: CreatedTokenDto })
  @ApiErrorResponse(
    400,
    'Empty id, id already used in this account, maximum number of tokens reached, or invalid field.',
    Messages.tokenIdTaken,
  )
  async createToken(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTokenDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<CreatedTokenDto> {
    const { token, secret } = await this.tokens.create(principal.accountId, body, deadline);
    return { ...toTokenDto(token), token: secret };
  }

  @Post(':id/roll')
  @Auth('user')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Replace the secret of a token, keeping its id, description, creation date and usage. The new secret is in ' +
      'this answer only; the old one keeps working for `graceSeconds` (default 0: it stops at once).',
  })
  @ApiOkResponse({ type: CreatedTokenDto })
  @ApiErrorResponse(400, 'Invalid graceSeconds.', GRACE_SECONDS_MESSAGE)
  @ApiErrorResponse(404, 'Token not found.', Messages.tokenNotFound)
  async rollToken(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    // A missing body is an empty one (the validation pipe makes it {}).
    @Body() body: RollTokenDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<CreatedTokenDto> {
    const { token, secret } = await this.tokens.roll(
      principal.accountId,
      id,
      body.graceSeconds ?? 0,
      deadline,
    );
    return { ...toTokenDto(token), token: secret };
  }

  @Get(':id')
  @Auth('user')
  @ApiOperation({ summary: "One of the caller's tokens (without its secret)." })
  @ApiOkResponse({ type: TokenDto })
  @ApiErrorResponse(404, 'Token not found.', Messages.tokenNotFound)
  async getToken(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TokenDto> {
    return toTokenDto(await this.tokens.get(principal.accountId, id));
  }

  @Patch(':id')
  @Auth('user')
  @ApiOperation({
    summary:
      "Change a token's description or expiry (or both); a field left out stays. Its secret stays the same.",
  })
  @ApiOkResponse({ type: TokenDto })
  @ApiErrorResponse(
    400,
    'Invalid description, or an expiry that is not a date-time in the future.',
    DESCRIPTION_MESSAGE,
  )
  @ApiErrorResponse(404, 'Token not found.', Messages.tokenNotFound)
  async updateToken(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateTokenDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<TokenDto> {
    return toTokenDto(await this.tokens.update(principal.accountId, id, body, deadline));
  }

  @Delete(':id')
  @Auth('user')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a token: its secret stops working at once.' })
  @ApiNoContentResponse({ description: 'The token is revoked.' })
  @ApiErrorResponse(404, 'Token not found.', Messages.tokenNotFound)
  async deleteToken(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.tokens.remove(principal.accountId, id, deadline);
  }
}
