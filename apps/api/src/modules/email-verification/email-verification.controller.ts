import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { VerificationSentDto, VerifyEmailDto, VerifyEmailResultDto } from './dto/verify-email.dto';
import { EmailVerificationService } from './email-verification.service';

/** The caller's own verification link, under /profile with the account. */
@ApiTags('profile')
@Controller('profile/email')
export class EmailVerificationController {
  constructor(private readonly verifications: EmailVerificationService) {}

  @Post('verification')
  @Auth('user')
  @HttpCode(202)
  @ApiOperation({
    summary: "Send the link that verifies the caller's e-mail address again.",
    description:
      'For an account registered with REGISTRATION_VERIFY_EMAIL that has not opened its link yet: a new one, valid ' +
      'for 24 hours, goes to its address (at most one e-mail a minute, else 429 with Retry-After; older links keep ' +
      'working).',
  })
  @ApiAcceptedResponse({ type: VerificationSentDto })
  @ApiErrorResponse(
    409,
    'The address is verified already, or this service sends no e-mail.',
    Messages.emailAlreadyVerified,
  )
  resendVerification(@CurrentPrincipal() principal: Principal): Promise<VerificationSentDto> {
    return this.verifications.resend(principal.accountId);
  }
}

/** The verification link: public, as whoever opens it holds the address's mailbox. */
@ApiTags('auth')
@Controller('auth/email')
export class EmailVerifyController {
  constructor(private readonly verifications: EmailVerificationService) {}

  @Post('verify')
  @Auth('public')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary: "Verify an account's e-mail address with the link sent to it.",
    description:
      "The link works once, within 24 hours, while the address it was sent to is still the account's. The " +
      'account receives DEFAULT_LICENSE unless it holds a license by then (one an administrator gave is kept).',
  })
  @ApiOkResponse({ type: VerifyEmailResultDto })
  @ApiErrorResponse(
    400,
    'Invalid token, or a link that is unknown, expired or used.',
    Messages.emailVerificationInvalid,
  )
  verifyEmail(@Body() body: VerifyEmailDto): Promise<VerifyEmailResultDto> {
    return this.verifications.verify(body.token);
  }
}
