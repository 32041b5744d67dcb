import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher.service';
import type { Account } from '../accounts/account.entity';
import { AccessTokenDto } from './dto/access-token.dto';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenClaims } from '../guards/jwt/access-token-claims';
import type { FastifyRequest } from 'fastify';
import { CurrentPasswordCheck } from '../accounts/current-password-check';
import { LoginBackoff } from '../accounts/login-backoff';
import { RegistrationLimit } from './registration-limit';
import { EmailVerificationService } from '../email-verification/email-verification.service';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Device } from './device-cookie';
import { Deadline } from '../../common/deadline';
import { deadlineOf } from '../../common/http/request-timeout';

@Injectable()
export class AuthService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly backoff: LoginBackoff,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly registrationLimit: RegistrationLimit,
    private readonly emailVerification: EmailVerificationService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Self-registration once the body is valid (its password scored too, so that a refused one costs none of the
   * address's registrations): the registration limit per client IP (429, before any hashing), then the account
   * (hashing, 409; a taken address counts, as it tells whether an account exists). With REGISTRATION_VERIFY_EMAIL
   * the account waits for the link mailed to its address before it gets a license.
   */
  async register(request: FastifyRequest, email: string, password: string): Promise<Account> {
    await this.registrationLimit.count(request);
    const account = await this.accounts.register(email, password, deadlineOf(request));
    if (!account.emailVerified) this.emailVerification.mailFirstLink(account);
    return account;
  }

  /**
   * One answer for an unknown email and a wrong password, after the same hashing work, so that neither the
   * message nor the response time tells whether an account exists. While a log-in back-off runs, a 429 before
   * any verification (LoginBackoff), for known and unknown addresses alike: the client's and the address's
   * back-offs, or only the device's when `device` (the request's device cookie) names this account.
   * Answers the token and the account, whose device the client now is.
   */
  async login(
    email: string,
    password: string,
    client: { address: string; device: Device | null },
    deadline = Deadline.NONE,
  ): Promise<{ token: AccessTokenDto; accountId: string }> {
    const { device } = client;
    // The account is looked up before counting only to match a device cookie. An unknown address matches none,
    // so it is counted like a known one from a client: nothing tells them apart.
    const early = device ? await this.accounts.findByEmail(email) : undefined;
    const counters =
      device && early?.id === device.accountId
        ? this.backoff.fromDevice(device.accountId, device.id)
        : this.backoff.fromClient(email, client.address);
    await this.backoff.attempt(counters);
    const account = early === undefined ? await this.accounts.findByEmail(email) : early;
    const valid = account
      ? await this.hasher.verify(account.passwordHash, password)
      : await this.hasher.verifyAgainstDummy(password);
    if (!account || !valid) throw ApiError.unauthorized(Messages.invalidCredentials);
    await this.backoff.succeeded(counters);
    // No session for a client that was told the log-in failed (a 408 or a 503 went out meanwhile).
    deadline.throwIfGivenUp();
    return { token: await this.issue(account), accountId: account.id };
  }

  /**
   * Replaces the password when the current one is given. Every session opened before is refused from now on (on
   * every instance: the account's cached snapshot is dropped); the caller's continues with the token returned.
   */
  async changePassword(
    accountId: string,
    currentPassword: string,
    newPassword: string,
    deadline = Deadline.NONE,
  ): Promise<AccessTokenDto> {
    const account = await this.accounts.getCallerOrFail(accountId);
    await this.currentPassword.verify(account, currentPassword, Messages.currentPasswordWrong);
    const changed = await this.accounts.changePassword(
      accountId,
      await this.hasher.hash(newPassword),
      deadline,
    );
    await this.changes.publish({ type: 'account.changed', accountId });
    return this.issue(changed);
  }

  /** A new access token for the account's current session version. */
  async issue(account: Account): Promise<AccessTokenDto> {
    return {
      accessToken: await this.jwt.signAsync({
        sub: account.id,
        role: account.role,
        sv: account.sessionVersion,
      } satisfies AccessTokenClaims),
      tokenType: 'Bearer',
      expiresIn: this.settings.jwtExpiresInSeconds,
    };
  }
}
