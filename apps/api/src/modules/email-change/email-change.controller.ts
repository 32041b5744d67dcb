import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { ChangeEmailDto, EmailChangeResultDto } from './dto/change-email.dto';
import {
  CancelEmailChangeDto,
  CancelEmailChangeResultDto,
  ConfirmEmailDto,
  ConfirmEmailResultDto,
} from './dto/confirm-email.dto';
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
      'The current password is required, then an address other than the current one; then at most one request ' +
      'a minute per account, whatever its outcome (else 429 with Retry-After). When SMTP is configured the answer ' +
      'is 202, the same whether or not another account has the address: a link valid for 24 hours goes to a free ' +
      'new address (a taken one is only told that nothing changes), and a notice to the current one, with a link ' +
      'that cancels the change and ends every session (POST /auth/email/cancel); a newer request replaces the ' +
      'older one, and a password change or reset cancels it. The address changes when the link is opened (POST ' +
      '/auth/email/confirm). Without SMTP the answer is 200 and the address has changed, or 409 when another ' +
      'account has it. Sessions stay valid either way.',
  })
  @ApiAcceptedResponse({ type: EmailChangeResultDto, description: 'A confirmation link was sent.' })
  @ApiOkResponse({ type: EmailChangeResultDto, description: 'The address changed (no SMTP).' })
  @ApiErrorResponse(
    400,
    "Invalid 'email', the current address again, or the password is missing or wrong.",
    Messages.profilePasswordWrong,
  )
  @ApiErrorResponse(409, 'Another account has this address (without SMTP only).', Messages.emailTaken)
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
      'The link works once, within 24 hours, and only while the password that asked for the change is still the ' +
      "account's. The account logs in with the new address from now on (which counts as verified); its sessions " +
      'stay valid.',
  })
  @ApiOkResponse({ type: ConfirmEmailResultDto })
  @ApiErrorResponse(
    400,
    'Invalid token, or a link that is unknown, expired, used or cancelled.',
    Messages.emailChangeInvalid,
  )
  @ApiErrorResponse(409, 'Another account took the address meanwhile.', Messages.emailTaken)
  confirmEmail(@Body() body: ConfirmEmailDto): Promise<ConfirmEmailResultDto> {
    return this.emailChanges.confirm(body.token);
  }

  @Post('cancel')
  @Auth('public')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel an e-mail change with the link of the notice sent to the current address.',
    description:
      'The notice\'s "this wasn\'t me" link: the change is cancelled (its confirmation link fails from now on) and ' +
      'every session of the account ends, since whoever asked knows the password: choose a new one next ' +
      '(POST /auth/password/forgot). The link works once, while the change is pending.',
  })
  @ApiOkResponse({ type: CancelEmailChangeResultDto })
  @ApiErrorResponse(
    400,
    'Invalid token, or a link that is unknown, expired or used, or whose change is no longer pending.',
    Messages.emailChangeCancelInvalid,
  )
  cancelEmailChange(@Body() body: CancelEmailChangeDto): Promise<CancelEmailChangeResultDto> {
    return this.emailChanges.cancel(body.token);
  }
}
