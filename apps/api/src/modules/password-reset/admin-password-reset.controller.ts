import { Controller, Header, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Auth } from '../guards/auth.decorator';
import { PasswordResetLinkDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('admin')
@Controller('admin/accounts')
export class AdminPasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post(':id/password-reset')
  @Auth('admin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Create a password reset link for an account holder who cannot log in.',
    description:
      'The link works once within 24 hours, and only until the password changes; hand it over yourself. `url` ' +
      "is absolute when PUBLIC_URL is set; otherwise it is relative to this service's origin (never taken from " +
      "the request's Host), and a client builds the link from its own origin, or with `resetToken`.",
  })
  @ApiCreatedResponse({ type: PasswordResetLinkDto })
  @ApiErrorResponse(404, 'Account not found.', Messages.accountNotFound)
  createPasswordResetLink(@Param('id') id: string): Promise<PasswordResetLinkDto> {
    return this.resets.createForAdmin(id);
  }
}
