import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { AccountViewService } from '../accounts/account-view.service';
import { AccountsService } from '../accounts/accounts.service';
import { AccountDto } from '../accounts/dto/account.dto';
import { AuthService } from './auth.service';
import { AccessTokenDto } from './dto/access-token.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly views: AccountViewService,
  ) {}

  @Post('register')
  @Auth('public')
  @ApiOperation({ summary: 'Create an account (it receives the default license).' })
  @ApiCreatedResponse({ type: AccountDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Invalid email or password.' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'An account with this email already exists.' })
  async register(@Body() body: RegisterDto): Promise<AccountDto> {
    return this.views.view(await this.accounts.register(body.email, body.password));
  }

  @Post('login')
  @Auth('public')
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange email and password for an access token (JWT).' })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Missing email or password.' })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'Invalid email or password.' })
  login(@Body() body: LoginDto): Promise<AccessTokenDto> {
    return this.auth.login(body.email, body.password);
  }
}
