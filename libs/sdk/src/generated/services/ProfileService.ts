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
   * The current password is required. When SMTP is configured the answer is 202: a link valid for 24 hours goes to the new address and a notice to the current one (at most one e-mail a minute, else 429; a newer request replaces the older one); the address changes when the link is opened (POST /auth/email/confirm). Without SMTP the answer is 200 and the address has changed. Sessions stay valid either way.
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
        409: `Another account has this address.`,
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
