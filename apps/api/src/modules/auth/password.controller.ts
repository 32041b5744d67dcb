import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Body, Controller, Header, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { AuthService } from './auth.service';
import { AccessTokenDto } from './dto/access-token.dto';
import { ChangePasswordDto } from './dto/change-password.dto';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

/** The caller's password (under /profile, with the account; here because it signs a new access token). */
@ApiTags('profile')
@Controller('profile')
export class PasswordController {
  constructor(private readonly auth: AuthService) {}

  @Put('password')
  @Auth('user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Change the caller's password.",
    description:
      'The current password is required. Every access token issued before is refused from now on; the answer ' +
      'holds a new one, so the session that made the change continues.',
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiErrorResponse(400, 'Invalid fields, or the current password is wrong.', Messages.currentPasswordWrong)
  changePassword(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ChangePasswordDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<AccessTokenDto> {
    return this.auth.changePassword(principal.accountId, body.currentPassword, body.newPassword, deadline);
  }
}
