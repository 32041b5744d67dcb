import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { AccountViewService } from '../accounts/account-view.service';
import { AccountDto } from '../accounts/dto/account.dto';
import { AuthService } from './auth.service';
import { DeviceCookie } from './device-cookie';
import { AccessTokenDto } from './dto/access-token.dto';
import { LoginDto } from './dto/login.dto';
import { PASSWORD_MESSAGE, RegisterDto } from './dto/register.dto';
import { deadlineOf } from '../../common/http/request-timeout';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly views: AccountViewService,
    private readonly devices: DeviceCookie,
  ) {}

  @Post('register')
  @Auth('public')
  @ApiOperation({
    summary: 'Create an account (it receives the default license).',
    description:
      'With REGISTRATION_VERIFY_EMAIL (the default when the service sends e-mail) the account is created without a ' +
      'license and `emailVerified: false`; a link valid for 24 hours goes to its address, and opening it (POST ' +
      '/auth/email/verify) grants the default license.',
  })
  @ApiCreatedResponse({ type: AccountDto })
  @ApiErrorResponse(400, 'Invalid email or password.', PASSWORD_MESSAGE)
  @ApiErrorResponse(409, 'An account with this email already exists.', Messages.emailTaken)
  async register(@Req() request: FastifyRequest, @Body() body: RegisterDto): Promise<AccountDto> {
    return this.views.view(await this.auth.register(request, body.email, body.password));
  }

  @Post('login')
  @Auth('public')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange email and password for an access token (JWT).',
    description:
      'Failed log-ins are slowed down per client and per account (429 with Retry-After). A successful log-in ' +
      'also sets an HttpOnly device cookie for this path: a later log-in presenting it is slowed down only by ' +
      "that device's own failures.",
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiErrorResponse(
    400,
    'Missing email or password.',
    Messages.invalidField('email', 'a string of at most 1024 characters'),
  )
  @ApiErrorResponse(401, 'Invalid email or password.', Messages.invalidCredentials)
  async login(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: LoginDto,
  ): Promise<AccessTokenDto> {
    const presented = this.devices.read(request);
    // The client as the per-address limits see it: the address TRUST_PROXY resolves, an IPv6 one by its /64.
    const client = { address: normalizeIp(request.ip), device: presented };
    const { token, accountId } = await this.auth.login(
      body.email,
      body.password,
      client,
      deadlineOf(request),
    );
    this.devices.remember(reply, accountId, presented);
    return token;
  }
}
