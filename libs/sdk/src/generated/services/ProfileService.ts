/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccountDto } from '../models/AccountDto';
import type { UsageReportDto } from '../models/UsageReportDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class ProfileService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Delete the caller's account; its tokens stop working at once.
   * @returns void
   * @throws ApiError
   */
  public deleteProfile(): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/profile',
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The caller's account, with its license and this month's usage.
   * @returns AccountDto
   * @throws ApiError
   */
  public getProfile(): CancelablePromise<AccountDto> {
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
   * The caller's metered usage in a month, day by day.
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
