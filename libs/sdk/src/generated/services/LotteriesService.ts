/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { LotteryDirectoryEntryDto } from '../models/LotteryDirectoryEntryDto';
import type { LotteryDto } from '../models/LotteryDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class LotteriesService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * List the lotteries, ordered by tag.
   * Also served at GET /lottery.
   * @returns any A page of lotteries. With limit=0 the 'lotteries' key is omitted.
   * @throws ApiError
   */
  public listLotteries({
    limit = 15,
    offset,
    country,
    q,
    status,
  }: {
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
    /**
     * Only lotteries of this country (ISO 3166-1 alpha-2, or EU), in any case.
     */
    country?: string,
    /**
     * Only lotteries whose name or tag holds every word given (case-insensitive).
     */
    q?: string,
    /**
     * `active`: games still drawn; `retired`: games that have ended.
     */
    status?: 'active' | 'retired',
  }): CancelablePromise<{
    /**
     * Page size applied (max 15).
     */
    limit: number;
    lotteries?: Array<LotteryDto>;
    /**
     * offset + returned < total
     */
    more: boolean;
    offset: number;
    /**
     * Size of the whole filtered set.
     */
    total: number;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lotteries',
      query: {
        'limit': limit,
        'offset': offset,
        'country': country,
        'q': q,
        'status': status,
      },
      errors: {
        400: `Invalid limit, offset, country, q or status.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Which lotteries the service carries (tag, name, country), ordered by tag: no token, no quota.
   * The lotteries themselves, with rules and draw figures, are GET /lotteries (metered).
   * @returns any A page of lotteries. With limit=0 the 'lotteries' key is omitted.
   * @throws ApiError
   */
  public listDirectory({
    limit = 15,
    offset,
    country,
    q,
    status,
  }: {
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
    /**
     * Only lotteries of this country (ISO 3166-1 alpha-2, or EU), in any case.
     */
    country?: string,
    /**
     * Only lotteries whose name or tag holds every word given (case-insensitive).
     */
    q?: string,
    /**
     * `active`: games still drawn; `retired`: games that have ended.
     */
    status?: 'active' | 'retired',
  }): CancelablePromise<{
    /**
     * Page size applied (max 15).
     */
    limit: number;
    lotteries?: Array<LotteryDirectoryEntryDto>;
    /**
     * offset + returned < total
     */
    more: boolean;
    offset: number;
    /**
     * Size of the whole filtered set.
     */
    total: number;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lotteries/directory',
      query: {
        'limit': limit,
        'offset': offset,
        'country': country,
        'q': q,
        'status': status,
      },
      errors: {
        400: `Invalid limit, offset, country, q or status.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One lottery with its current rules, rule history and draw figures.
   * @returns LotteryDto
   * @throws ApiError
   */
  public getLottery({
    tag,
  }: {
    tag: string,
  }): CancelablePromise<LotteryDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}',
      path: {
        'tag': tag,
      },
      errors: {
        400: `Empty lottery tag.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
