/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccessTokenDto } from '../models/AccessTokenDto';
import type { AccountDto } from '../models/AccountDto';
import type { CancelEmailChangeDto } from '../models/CancelEmailChangeDto';
import type { CancelEmailChangeResultDto } from '../models/CancelEmailChangeResultDto';
import type { ConfirmEmailDto } from '../models/ConfirmEmailDto';
import type { ConfirmEmailResultDto } from '../models/ConfirmEmailResultDto';
import type { ForgotPasswordDto } from '../models/ForgotPasswordDto';
import type { ForgotPasswordResultDto } from '../models/ForgotPasswordResultDto';
import type { LicenseDto } from '../models/LicenseDto';
import type { LoginDto } from '../models/LoginDto';
import type { RegisterDto } from '../models/RegisterDto';
import type { ResetPasswordDto } from '../models/ResetPasswordDto';
import type { VerifyEmailDto } from '../models/VerifyEmailDto';
import type { VerifyEmailResultDto } from '../models/VerifyEmailResultDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class AuthService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Cancel an e-mail change with the link of the notice sent to the current address.
   * The notice's "this wasn't me" link: the change is cancelled (its confirmation link fails from now on) and every session of the account ends, since whoever asked knows the password: choose a new one next (POST /auth/password/forgot). The link works once, while the change is pending.
   * @returns CancelEmailChangeResultDto
   * @throws ApiError
   */
  public cancelEmailChange({
    requestBody,
  }: {
    requestBody: CancelEmailChangeDto,
  }): CancelablePromise<CancelEmailChangeResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/email/cancel',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid token, or a link that is unknown, expired or used, or whose change is no longer pending.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Confirm an e-mail change with the link sent to the new address.
   * The link works once, within 24 hours, and only while the password that asked for the change is still the account's. The account logs in with the new address from now on (which counts as verified); its sessions stay valid.
   * @returns ConfirmEmailResultDto
   * @throws ApiError
   */
  public confirmEmail({
    requestBody,
  }: {
    requestBody: ConfirmEmailDto,
  }): CancelablePromise<ConfirmEmailResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/email/confirm',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid token, or a link that is unknown, expired, used or cancelled.`,
        409: `Another account took the address meanwhile.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Verify an account's e-mail address with the link sent to it.
   * The link works once, within 24 hours, while the address it was sent to is still the account's. The account receives DEFAULT_LICENSE unless it holds a license by then (one an administrator gave is kept).
   * @returns VerifyEmailResultDto
   * @throws ApiError
   */
  public verifyEmail({
    requestBody,
  }: {
    requestBody: VerifyEmailDto,
  }): CancelablePromise<VerifyEmailResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/email/verify',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid token, or a link that is unknown, expired or used.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Exchange email and password for an access token (JWT).
   * Failed log-ins are slowed down per client and per account (429 with Retry-After). A successful log-in also sets an HttpOnly device cookie for this path: a later log-in presenting it is slowed down only by that device's own failures.
   * @returns AccessTokenDto
   * @throws ApiError
   */
  public login({
    requestBody,
  }: {
    requestBody: LoginDto,
  }): CancelablePromise<AccessTokenDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/login',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Missing email or password.`,
        401: `Invalid email or password.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Ask for a password reset link by e-mail.
   * When SMTP is configured, an account with this address receives a one-time link valid for one hour (at most one e-mail a minute). The answer is the same whether or not the address has an account.
   * @returns ForgotPasswordResultDto
   * @throws ApiError
   */
  public forgotPassword({
    requestBody,
  }: {
    requestBody: ForgotPasswordDto,
  }): CancelablePromise<ForgotPasswordResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/password/forgot',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Not an email address.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Set a new password with a reset link.
   * The link works once, before it expires. Every session opened before is refused from now on; the answer is an access token for a new one.
   * @returns AccessTokenDto
   * @throws ApiError
   */
  public resetPassword({
    requestBody,
  }: {
    requestBody: ResetPasswordDto,
  }): CancelablePromise<AccessTokenDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/password/reset',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid fields, or a link that is unknown, expired or used.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create an account (it receives the default license).
   * With REGISTRATION_VERIFY_EMAIL (the default when the service sends e-mail) the account is created without a license and `emailVerified: false`; a link valid for 24 hours goes to its address, and opening it (POST /auth/email/verify) grants the default license.
   * @returns AccountDto
   * @throws ApiError
   */
  public register({
    requestBody,
  }: {
    requestBody: RegisterDto,
  }): CancelablePromise<AccountDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/auth/register',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid email or password.`,
        409: `An account with this email already exists.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The license a new account receives (DEFAULT_LICENSE): its quota and rate limits.
   * @returns LicenseDto
   * @throws ApiError
   */
  public getDefaultLicense(): CancelablePromise<LicenseDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/licenses/default',
      errors: {
        404: `New accounts receive no license.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
