import { Controller, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
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
  @ApiOperation({
    summary: 'Create a password reset link for an account holder who cannot log in.',
    description:
      'The link works once within 24 hours; hand it over yourself. It points at PUBLIC_URL when set, otherwise ' +
      'at the address this request was sent to.',
  })
  @ApiCreatedResponse({ type: PasswordResetLinkDto })
  @ApiErrorResponse(404, 'Account not found.', Messages.accountNotFound)
  createPasswordResetLink(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<PasswordResetLinkDto> {
    return this.resets.createForAdmin(id, `${request.protocol}://${request.host}`);
  }
}
