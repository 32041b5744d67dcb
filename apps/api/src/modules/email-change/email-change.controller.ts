import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { ChangeEmailDto, EmailChangeResultDto } from './dto/change-email.dto';
import { ConfirmEmailDto, ConfirmEmailResultDto } from './dto/confirm-email.dto';
import { EmailChangeService } from './email-change.service';

/** The caller's e-mail address (issue 34), under /profile with the account. */
@ApiTags('profile')
@Controller('profile')
export class EmailChangeController {
  constructor(private readonly emailChanges: EmailChangeService) {}

  @Post('email')
  @Auth('user')
  @ApiOperation({
    summary: "Change the caller's e-mail address.",
    description:
      'The current password is required. When SMTP is configured the answer is 202: a link valid for 24 hours ' +
      'goes to the new address and a notice to the current one (at most one e-mail a minute, else 429; a newer ' +
      'request replaces the older one); the address changes when the link is opened (POST /auth/email/confirm). ' +
      'Without SMTP the answer is 200 and the address has changed. Sessions stay valid either way.',
  })
  @ApiAcceptedResponse({ type: EmailChangeResultDto, description: 'A confirmation link was sent.' })
  @ApiOkResponse({ type: EmailChangeResultDto, description: 'The address changed (no SMTP).' })
  @ApiErrorResponse(
    400,
    "Invalid 'email', the current address again, or the password is missing or wrong.",
    Messages.profilePasswordWrong,
  )
  @ApiErrorResponse(409, 'Another account has this address.', Messages.emailTaken)
  async changeEmail(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ChangeEmailDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EmailChangeResultDto> {
    const result = await this.emailChanges.request(principal.accountId, body.email, body.password);
    reply.status(result.delivery === 'email' ? 202 : 200);
    return result;
  }
}

/** The link of an e-mail change: public, as whoever opens it holds the new address's mailbox. */
@ApiTags('auth')
@Controller('auth/email')
export class EmailConfirmController {
  constructor(private readonly emailChanges: EmailChangeService) {}

  @Post('confirm')
  @Auth('public')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm an e-mail change with the link sent to the new address.',
    description:
      'The link works once, within 24 hours. The account logs in with the new address from now on; its ' +
      'sessions stay valid.',
  })
  @ApiOkResponse({ type: ConfirmEmailResultDto })
  @ApiErrorResponse(
    400,
    'Invalid token, or a link that is unknown, expired or used.',
    Messages.emailChangeInvalid,
  )
  @ApiErrorResponse(409, 'Another account took the address meanwhile.', Messages.emailTaken)
  confirmEmail(@Body() body: ConfirmEmailDto): Promise<ConfirmEmailResultDto> {
    return this.emailChanges.confirm(body.token);
  }
}
