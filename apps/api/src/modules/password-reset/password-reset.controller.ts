import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { AccessTokenDto } from '../auth/dto/access-token.dto';
import { EMAIL_MESSAGE } from '../auth/dto/register.dto';
import { Auth } from '../guards/auth.decorator';
import { ForgotPasswordDto, ForgotPasswordResultDto } from './dto/forgot-password.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth/password')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('forgot')
  @Auth('public')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Ask for a password reset link by e-mail.',
    description:
      'When SMTP is configured, an account with this address receives a one-time link valid for one hour (at ' +
      'most one e-mail a minute). The answer is the same whether or not the address has an account.',
  })
  @ApiAcceptedResponse({ type: ForgotPasswordResultDto })
  @ApiErrorResponse(400, 'Not an email address.', EMAIL_MESSAGE)
  forgotPassword(@Body() body: ForgotPasswordDto): ForgotPasswordResultDto {
    return { delivery: this.resets.requestByEmail(body.email) };
  }

  @Post('reset')
  @Auth('public')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a new password with a reset link.',
    description:
      'The link works once, before it expires. Every session opened before is refused from now on; the answer ' +
      'is an access token for a new one.',
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiErrorResponse(
    400,
    'Invalid fields, or a link that is unknown, expired or used.',
    Messages.passwordResetInvalid,
  )
  resetPassword(@Body() body: ResetPasswordDto): Promise<AccessTokenDto> {
    return this.resets.reset(body.resetToken, body.newPassword);
  }
}
