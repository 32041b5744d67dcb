/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccessTokenDto } from '../models/AccessTokenDto';
import type { ChangeEmailDto } from '../models/ChangeEmailDto';
import type { ChangePasswordDto } from '../models/ChangePasswordDto';
import type { DeleteProfileDto } from '../models/DeleteProfileDto';
import type { EmailChangeResultDto } from '../models/EmailChangeResultDto';
import type { ProfileDto } from '../models/ProfileDto';
import type { UsageReportDto } from '../models/UsageReportDto';
import type { VerificationSentDto } from '../models/VerificationSentDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class ProfileService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Delete the caller's account; its tokens stop working at once.
   * The current password is required. The metering records stay (the operator keeps its books): registering the same e-mail again continues this month's usage rather than starting a fresh quota.
   * @returns void
   * @throws ApiError
   */
  public deleteProfile({
    requestBody,
  }: {
    requestBody: DeleteProfileDto,
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/profile',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `The password is missing or wrong.`,
        401: `Authorization header missing or invalid JWT.`,
        409: `The caller is the last enabled administrator.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The caller's account, with its license, this month's usage and its tokens against the maximum.
   * @returns ProfileDto
   * @throws ApiError
   */
  public getProfile(): CancelablePromise<ProfileDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile',
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Change the caller's e-mail address.
   * The current password is required, then an address other than the current one; then at most one request a minute per account, whatever its outcome (else 429 with Retry-After). When SMTP is configured the answer is 202, the same whether or not another account has the address: a link valid for 24 hours goes to a free new address (a taken one is only told that nothing changes), and a notice to the current one, with a link that cancels the change and ends every session (POST /auth/email/cancel); a newer request replaces the older one, and a password change or reset cancels it. The address changes when the link is opened (POST /auth/email/confirm). Without SMTP the answer is 200 and the address has changed, or 409 when another account has it. Sessions stay valid either way.
   * @returns EmailChangeResultDto The address changed (no SMTP).
   * @throws ApiError
   */
  public changeEmail({
    requestBody,
  }: {
    requestBody: ChangeEmailDto,
  }): CancelablePromise<EmailChangeResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/email',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid 'email', the current address again, or the password is missing or wrong.`,
        401: `Authorization header missing or invalid JWT.`,
        409: `Another account has this address (without SMTP only).`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Send the link that verifies the caller's e-mail address again.
   * For an account registered with REGISTRATION_VERIFY_EMAIL that has not opened its link yet: a new one, valid for 24 hours, goes to its address (at most one e-mail a minute, else 429 with Retry-After; older links keep working).
   * @returns VerificationSentDto
   * @throws ApiError
   */
  public resendVerification(): CancelablePromise<VerificationSentDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/email/verification',
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        409: `The address is verified already, or this service sends no e-mail.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Change the caller's password.
   * The current password is required. Every access token issued before is refused from now on; the answer holds a new one, so the session that made the change continues.
   * @returns AccessTokenDto
   * @throws ApiError
   */
  public changePassword({
    requestBody,
  }: {
    requestBody: ChangePasswordDto,
  }): CancelablePromise<AccessTokenDto> {
    return this.httpRequest.request({
      method: 'PUT',
      url: '/profile/password',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid fields, or the current password is wrong.`,
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The caller's metered usage in a month, day by day and token by token, successes and errors apart.
   * @returns UsageReportDto
   * @throws ApiError
   */
  public getUsage({
    month,
  }: {
    /**
     * Default: the current UTC month.
     */
    month?: string,
  }): CancelablePromise<UsageReportDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile/usage',
      query: {
        'month': month,
      },
      errors: {
        400: `Invalid 'month'.`,
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
