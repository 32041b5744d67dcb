/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { CheckRequestDto } from '../models/CheckRequestDto';
import type { CheckResultDto } from '../models/CheckResultDto';
import type { DrawDto } from '../models/DrawDto';
import type { DrawPrizesDto } from '../models/DrawPrizesDto';
import type { NumberStatsDto } from '../models/NumberStatsDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class DrawsService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Did my numbers win? Check 1 to 100 tickets against one draw or a range of draws.
   * One unit of quota per request. The answer follows the question, never the number of draws found: `date` (with `round`: that round only) or neither `date` nor a range (the latest draw date): one result for every draw of that date, each round newest first, `division` null when nothing was won; `from`/`to`: only the draws in the range that the ticket won, newest first, with the sums `won` and `amountsUnknown` (always, also over one draw or none). Each result names the matched numbers and the prize division won, per the prize structure in force on the draw's date (the lottery's `rules[].prizes`, with their sources). Each ticket is checked against the draws of the rule eras it fits; the draws of eras it does not fit are counted in its `skipped`. A ticket that fits none of the eras the draws fall in is a 400 (one 400 names every such ticket).
   * @returns CheckResultDto
   * @throws ApiError
   */
  public check({
    tag,
    requestBody,
  }: {
    tag: string,
    requestBody: CheckRequestDto,
  }): CancelablePromise<CheckResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/lottery/{tag}/check',
      path: {
        'tag': tag,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid tickets, dates or round (\`round\` without \`date\`), or tickets that fit none of the rule eras checked (the message names each).`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found, or no draw on that date.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The most recent draw.
   * @returns DrawDto
   * @throws ApiError
   */
  public getLatestDraw({
    tag,
    sortNumber,
  }: {
    tag: string,
    /**
     * How each group (main, then special) is ordered; `order` always keeps the draw position. `false` (also `0`, `no`): as drawn. `true` (also `1`, `yes`, `asc`): by ascending value. `desc`: by descending value. Case-insensitive.
     */
    sortNumber?: (boolean | 'asc' | 'desc'),
  }): CancelablePromise<DrawDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draw/latest/numbers',
      path: {
        'tag': tag,
      },
      query: {
        'sort_number': sortNumber,
      },
      errors: {
        400: `Empty tag, or invalid sort_number.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found, or no draws were found for it.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * What the latest draw paid: divisions, winners, amounts, jackpot.
   * The last round of the latest date.
   * @returns DrawPrizesDto
   * @throws ApiError
   */
  public latestPrizes({
    tag,
  }: {
    tag: string,
  }): CancelablePromise<DrawPrizesDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draw/latest/prizes',
      path: {
        'tag': tag,
      },
      errors: {
        400: `Empty tag.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found, no such draw, or its prizes are not stored (yet): \`No prizes were found for draw.\``,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Search draws, newest first (bare array).
   * The page figures come as headers: X-Total-Count, X-Limit, X-Offset, X-More.
   * @returns DrawDto
   * @throws ApiError
   */
  public searchDraws({
    tag,
    limit = 15,
    offset,
    sortNumber,
    from,
    to,
  }: {
    tag: string,
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
    /**
     * How each group (main, then special) is ordered; `order` always keeps the draw position. `false` (also `0`, `no`): as drawn. `true` (also `1`, `yes`, `asc`): by ascending value. `desc`: by descending value. Case-insensitive.
     */
    sortNumber?: (boolean | 'asc' | 'desc'),
    /**
     * Inclusive lower bound on the draw date, 'YYYY-MM-DD'.
     */
    from?: string,
    /**
     * Inclusive upper bound on the draw date, 'YYYY-MM-DD'.
     */
    to?: string,
  }): CancelablePromise<Array<DrawDto>> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draw/numbers',
      path: {
        'tag': tag,
      },
      query: {
        'limit': limit,
        'offset': offset,
        'sort_number': sortNumber,
        'from': from,
        'to': to,
      },
      errors: {
        400: `Empty tag, or an invalid query parameter (the message names it).`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The draw of one date.
   * Round 1 of the date; `round` picks another where the lottery draws several on one date.
   * @returns DrawDto
   * @throws ApiError
   */
  public getDrawByDate({
    tag,
    date,
    sortNumber,
    round = 1,
  }: {
    tag: string,
    /**
     * The lottery's local calendar date.
     */
    date: string,
    /**
     * How each group (main, then special) is ordered; `order` always keeps the draw position. `false` (also `0`, `no`): as drawn. `true` (also `1`, `yes`, `asc`): by ascending value. `desc`: by descending value. Case-insensitive.
     */
    sortNumber?: (boolean | 'asc' | 'desc'),
    /**
     * Which draw of the date, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10); 1 by default. A round that was not drawn is a 404.
     */
    round?: number,
  }): CancelablePromise<DrawDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draw/{date}/numbers',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'sort_number': sortNumber,
        'round': round,
      },
      errors: {
        400: `Empty tag, invalid or pre-1800 date, or invalid sort_number or round.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found, or no draw on that date (or round).`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * What the draw of one date paid: divisions, winners, amounts, jackpot.
   * Amounts are in `currency`'s major unit, exact to its minor unit. `round` picks another draw of the date where the lottery draws several.
   * @returns DrawPrizesDto
   * @throws ApiError
   */
  public prizesOn({
    tag,
    date,
    round = 1,
  }: {
    tag: string,
    /**
     * The lottery's local calendar date.
     */
    date: string,
    /**
     * Which draw of the date, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10); 1 by default. A round that was not drawn is a 404.
     */
    round?: number,
  }): CancelablePromise<DrawPrizesDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draw/{date}/prizes',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      errors: {
        400: `Empty tag, invalid or pre-1800 date, or invalid round.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found, no such draw, or its prizes are not stored (yet): \`No prizes were found for draw.\``,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * List draws, newest first (paginated envelope).
   * @returns any A page of draws. With limit=0 the 'draws' key is omitted.
   * @throws ApiError
   */
  public listDraws({
    tag,
    limit = 15,
    offset,
    sortNumber,
    from,
    to,
  }: {
    tag: string,
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
    /**
     * How each group (main, then special) is ordered; `order` always keeps the draw position. `false` (also `0`, `no`): as drawn. `true` (also `1`, `yes`, `asc`): by ascending value. `desc`: by descending value. Case-insensitive.
     */
    sortNumber?: (boolean | 'asc' | 'desc'),
    /**
     * Inclusive lower bound on the draw date, 'YYYY-MM-DD'.
     */
    from?: string,
    /**
     * Inclusive upper bound on the draw date, 'YYYY-MM-DD'.
     */
    to?: string,
  }): CancelablePromise<{
    draws?: Array<DrawDto>;
    /**
     * Page size applied (max 15).
     */
    limit: number;
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
      url: '/lottery/{tag}/draws',
      path: {
        'tag': tag,
      },
      query: {
        'limit': limit,
        'offset': offset,
        'sort_number': sortNumber,
        'from': from,
        'to': to,
      },
      errors: {
        400: `Empty tag, or an invalid query parameter (the message names it).`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The whole history (or a date range) in one download: CSV, JSON or NDJSON, newest first.
   * Every round, newest first, like the draw lists. `ETag` and `Last-Modified` answer `If-None-Match` and `If-Modified-Since` with 304 and no body; compressed (gzip, br) when `Accept-Encoding` asks. One unit of quota per request.
   * @returns string The draws in the format asked for.
   * @throws ApiError
   */
  public exportDraws({
    tag,
    format = 'csv',
    from,
    to,
    prizes = false,
  }: {
    tag: string,
    /**
     * `csv` (RFC 4180, a header row, one draw per line), `json` (`{"lottery", "draws": [Draw…]}`) or `ndjson` (one Draw per line).
     */
    format?: 'csv' | 'json' | 'ndjson',
    /**
     * Inclusive lower bound on the draw date, 'YYYY-MM-DD'.
     */
    from?: string,
    /**
     * Inclusive upper bound on the draw date, 'YYYY-MM-DD'.
     */
    to?: string,
    /**
     * Adds each draw's stored prize facts: `prizes` (the `/prizes` answer without `lottery`, or null) in JSON and NDJSON; the columns `d1_winners`, `d1_amount`, … of the widest prize structure in CSV.
     */
    prizes?: boolean,
  }): CancelablePromise<string> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/draws/export',
      path: {
        'tag': tag,
      },
      query: {
        'format': format,
        'from': from,
        'to': to,
        'prizes': prizes,
      },
      errors: {
        304: `Not modified since the ETag or date sent.`,
        400: `Empty tag, an invalid or pre-1800 date, 'from' after 'to', or an invalid format or prizes.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Which numbers come up: per value, count, frequency, last drawn, draws since, longest gap.
   * Window: `from`/`to` (inclusive); by default from the first day of the number rules in force at the latest draw (consecutive eras with the same main and special groups count as one: rounds, prizes or a schedule changing alone do not restart it), to the latest draw. One unit of quota per request. The default window is prepared in advance.
   * @returns NumberStatsDto
   * @throws ApiError
   */
  public getStats({
    tag,
    from,
    to,
  }: {
    tag: string,
    /**
     * Inclusive lower bound on the draw date, 'YYYY-MM-DD'.
     */
    from?: string,
    /**
     * Inclusive upper bound on the draw date, 'YYYY-MM-DD'.
     */
    to?: string,
  }): CancelablePromise<NumberStatsDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/lottery/{tag}/stats',
      path: {
        'tag': tag,
      },
      query: {
        'from': from,
        'to': to,
      },
      errors: {
        400: `Empty tag, an invalid or pre-1800 date, or 'from' after 'to'.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
