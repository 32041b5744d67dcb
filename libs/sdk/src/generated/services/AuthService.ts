/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccessTokenDto } from '../models/AccessTokenDto';
import type { AccountDto } from '../models/AccountDto';
import type { LicenseDto } from '../models/LicenseDto';
import type { LoginDto } from '../models/LoginDto';
import type { RegisterDto } from '../models/RegisterDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class AuthService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Exchange email and password for an access token (JWT).
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
   * Create an account (it receives the default license).
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
