/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { CreatedTokenDto } from '../models/CreatedTokenDto';
import type { CreateTokenDto } from '../models/CreateTokenDto';
import type { RollTokenDto } from '../models/RollTokenDto';
import type { TokenDto } from '../models/TokenDto';
import type { UpdateTokenDto } from '../models/UpdateTokenDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class TokensService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * List the caller's tokens, oldest first (never their secrets).
   * @returns any A page of tokens. With limit=0 the 'tokens' key is omitted.
   * @throws ApiError
   */
  public listTokens({
    limit = 15,
    offset,
  }: {
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
  }): CancelablePromise<{
    /**
     * Page size applied (max 15).
     */
    limit: number;
    /**
     * offset + returned < total
     */
    more: boolean;
    offset: number;
    tokens?: Array<TokenDto>;
    /**
     * Size of the whole filtered set.
     */
    total: number;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile/token',
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create a token. Its secret is in this answer only: keep it.
   * @returns CreatedTokenDto
   * @throws ApiError
   */
  public createToken({
    requestBody,
  }: {
    requestBody: CreateTokenDto,
  }): CancelablePromise<CreatedTokenDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/token',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Empty id, id already used in this account, maximum number of tokens reached, or invalid field.`,
        401: `Authorization header missing or invalid JWT.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Delete a token: its secret stops working at once.
   * @returns void
   * @throws ApiError
   */
  public deleteToken({
    id,
  }: {
    id: string,
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/profile/token/{id}',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        404: `Token not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One of the caller's tokens (without its secret).
   * @returns TokenDto
   * @throws ApiError
   */
  public getToken({
    id,
  }: {
    id: string,
  }): CancelablePromise<TokenDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile/token/{id}',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        404: `Token not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Change a token's description or expiry (or both); a field left out stays. Its secret stays the same.
   * @returns TokenDto
   * @throws ApiError
   */
  public updateToken({
    id,
    requestBody,
  }: {
    id: string,
    requestBody: UpdateTokenDto,
  }): CancelablePromise<TokenDto> {
    return this.httpRequest.request({
      method: 'PATCH',
      url: '/profile/token/{id}',
      path: {
        'id': id,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid description, or an expiry that is not a date-time in the future.`,
        401: `Authorization header missing or invalid JWT.`,
        404: `Token not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Replace the secret of a token, keeping its id, description, creation date and usage. The new secret is in this answer only; the old one keeps working for `graceSeconds` (default 0: it stops at once).
   * @returns CreatedTokenDto
   * @throws ApiError
   */
  public rollToken({
    id,
    requestBody,
  }: {
    id: string,
    requestBody: RollTokenDto,
  }): CancelablePromise<CreatedTokenDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/token/{id}/roll',
      path: {
        'id': id,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid graceSeconds.`,
        401: `Authorization header missing or invalid JWT.`,
        404: `Token not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
