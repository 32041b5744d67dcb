/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccountDto } from '../models/AccountDto';
import type { AdminDrawDto } from '../models/AdminDrawDto';
import type { AdminLotteryDto } from '../models/AdminLotteryDto';
import type { ConflictDto } from '../models/ConflictDto';
import type { CreateLicenseDto } from '../models/CreateLicenseDto';
import type { CreateLotteryDto } from '../models/CreateLotteryDto';
import type { DrawDto } from '../models/DrawDto';
import type { DrawPrizesDto } from '../models/DrawPrizesDto';
import type { DrawSourceDto } from '../models/DrawSourceDto';
import type { ImportResultDto } from '../models/ImportResultDto';
import type { LicenseDto } from '../models/LicenseDto';
import type { LotteryDto } from '../models/LotteryDto';
import type { PasswordResetLinkDto } from '../models/PasswordResetLinkDto';
import type { PutDrawDto } from '../models/PutDrawDto';
import type { PutDrawPrizesDto } from '../models/PutDrawPrizesDto';
import type { PutLicenseDto } from '../models/PutLicenseDto';
import type { PutSourceDto } from '../models/PutSourceDto';
import type { SyncResultDto } from '../models/SyncResultDto';
import type { SyncStateDto } from '../models/SyncStateDto';
import type { UpdateAccountDto } from '../models/UpdateAccountDto';
import type { UpdateLotteryDto } from '../models/UpdateLotteryDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class AdminService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * List accounts, oldest first, optionally filtered by an email substring.
   * @returns any A page of accounts. With limit=0 the 'accounts' key is omitted.
   * @throws ApiError
   */
  public listAccounts({
    limit = 15,
    offset,
    email,
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
     * Only accounts whose email contains this text (case-insensitive).
     */
    email?: string,
  }): CancelablePromise<{
    accounts?: Array<AccountDto>;
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
      url: '/admin/accounts',
      query: {
        'limit': limit,
        'offset': offset,
        'email': email,
      },
      errors: {
        400: `Invalid limit, offset or email.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One account, with its license and usage.
   * @returns AccountDto
   * @throws ApiError
   */
  public getAccount({
    id,
  }: {
    id: string,
  }): CancelablePromise<AccountDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/admin/accounts/{id}',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Account not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Disable or enable an account, change its license or role.
   * Takes effect at once on the account's API tokens and sessions.
   * @returns AccountDto
   * @throws ApiError
   */
  public updateAccount({
    id,
    requestBody,
  }: {
    id: string,
    requestBody: UpdateAccountDto,
  }): CancelablePromise<AccountDto> {
    return this.httpRequest.request({
      method: 'PATCH',
      url: '/admin/accounts/{id}',
      path: {
        'id': id,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid field, or a license that does not exist.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Account not found.`,
        409: `The change would disable or demote the last enabled administrator.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create a password reset link for an account holder who cannot log in.
   * The link works once within 24 hours, and only until the password changes; hand it over yourself. `url` is absolute when PUBLIC_URL is set; otherwise it is relative to this service's origin (never taken from the request's Host), and a client builds the link from its own origin, or with `resetToken`.
   * @returns PasswordResetLinkDto
   * @throws ApiError
   */
  public createPasswordResetLink({
    id,
  }: {
    id: string,
  }): CancelablePromise<PasswordResetLinkDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/accounts/{id}/password-reset',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Account not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * List conflicts between fetched and stored draws, newest first.
   * @returns any A page of conflicts. With limit=0 the 'conflicts' key is omitted.
   * @throws ApiError
   */
  public listConflicts({
    limit = 15,
    offset,
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
     * Only conflicts of this status (default: all).
     */
    status?: 'open' | 'accepted' | 'rejected' | 'corrected',
  }): CancelablePromise<{
    conflicts?: Array<ConflictDto>;
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
      url: '/admin/conflicts',
      query: {
        'limit': limit,
        'offset': offset,
        'status': status,
      },
      errors: {
        400: `Invalid limit, offset or status.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Accept a conflict: the fetched draw replaces the stored one.
   * Checked against the lottery's rules as every draw write; the draw records the source.
   * @returns ConflictDto
   * @throws ApiError
   */
  public acceptConflict({
    id,
  }: {
    id: string,
  }): CancelablePromise<ConflictDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/conflicts/{id}/accept',
      path: {
        'id': id,
      },
      errors: {
        400: `The fetched draw does not fit the lottery's rules (they changed).`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Conflict not found.`,
        409: `The conflict has already been resolved.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Reject a conflict: the stored draw stays.
   * The same fetched numbers do not raise a conflict again.
   * @returns ConflictDto
   * @throws ApiError
   */
  public rejectConflict({
    id,
  }: {
    id: string,
  }): CancelablePromise<ConflictDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/conflicts/{id}/reject',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Conflict not found.`,
        409: `The conflict has already been resolved.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * List the licenses, ordered by name.
   * @returns any A page of licenses. With limit=0 the 'licenses' key is omitted.
   * @throws ApiError
   */
  public listLicenses({
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
    licenses?: Array<LicenseDto>;
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
      url: '/admin/licenses',
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create a license.
   * Refuses a name already taken (409): replacing a license is the explicit PUT.
   * @returns LicenseDto The license as stored.
   * @throws ApiError
   */
  public createLicense({
    requestBody,
  }: {
    requestBody: CreateLicenseDto,
  }): CancelablePromise<LicenseDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/licenses',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid name or limits.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        409: `A license with this name exists.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Delete a license.
   * Accounts holding it are left without a license (their metered calls are refused with 403).
   * @returns void
   * @throws ApiError
   */
  public deleteLicense({
    name,
  }: {
    name: string,
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/admin/licenses/{name}',
      path: {
        'name': name,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `License not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create or replace a license.
   * Accounts holding the license are held to the new limits at once.
   * @returns LicenseDto The license as stored.
   * @throws ApiError
   */
  public putLicense({
    name,
    requestBody,
  }: {
    name: string,
    requestBody: PutLicenseDto,
  }): CancelablePromise<LicenseDto> {
    return this.httpRequest.request({
      method: 'PUT',
      url: '/admin/licenses/{name}',
      path: {
        'name': name,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid name or limits.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * List the lotteries, ordered by tag (administrators; not metered).
   * @returns any A page of lotteries. With limit=0 the 'lotteries' key is omitted.
   * @throws ApiError
   */
  public adminListLotteries({
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
    lotteries?: Array<AdminLotteryDto>;
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
      url: '/admin/lotteries',
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create a lottery.
   * Without `rules`, one rule era from 1800-01-01 is built from `main` and `special`.
   * @returns LotteryDto
   * @throws ApiError
   */
  public createLottery({
    requestBody,
  }: {
    requestBody: CreateLotteryDto,
  }): CancelablePromise<LotteryDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/lotteries',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `A field is missing or invalid (the message names it).`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        409: `A lottery with this tag already exists.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Change a lottery (any field but its tag).
   * `rules` replaces the rule history; `main`/`special` replace the groups of the era in force today. A change that an existing draw would no longer fit is refused, naming that draw.
   * @returns LotteryDto
   * @throws ApiError
   */
  public updateLottery({
    tag,
    requestBody,
  }: {
    tag: string,
    requestBody: UpdateLotteryDto,
  }): CancelablePromise<LotteryDto> {
    return this.httpRequest.request({
      method: 'PATCH',
      url: '/admin/lotteries/{tag}',
      path: {
        'tag': tag,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid field, or the new rules break a stored draw.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * A page of a lottery's draws with their provenance, newest first (administrators; not metered).
   * `from`/`to` bound the dates (inclusive); `sort_number` is accepted as on the metered routes.
   * @returns any A page of draws. With limit=0 the 'draws' key is omitted.
   * @throws ApiError
   */
  public adminListDraws({
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
    draws?: Array<AdminDrawDto>;
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
      url: '/admin/lotteries/{tag}/draws',
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
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Import draws from CSV (header date,main,special; numbers space-separated, in draw order).
   * Each line is validated on its own. Rejected lines are reported and never written; all other lines are inserted, updated or left unchanged together, in one transaction. `dryRun=true` previews: the same counts, nothing written.
   * @returns ImportResultDto
   * @throws ApiError
   */
  public importDraws({
    tag,
    requestBody,
    dryRun = false,
  }: {
    tag: string,
    requestBody: string,
    /**
     * true: a preview. Every line is checked and counted exactly as an import would (inserted, updated, unchanged, refused), then nothing is written.
     */
    dryRun?: boolean,
  }): CancelablePromise<ImportResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/lotteries/{tag}/draws/import',
      path: {
        'tag': tag,
      },
      query: {
        'dryRun': dryRun,
      },
      body: requestBody,
      mediaType: 'text/csv',
      errors: {
        400: `Empty tag, or a body that is not text/csv.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Delete the draw of one date (`round`: which one, default 1), with its prizes.
   * @returns void
   * @throws ApiError
   */
  public deleteDraw({
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
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/admin/lotteries/{tag}/draws/{date}',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      errors: {
        400: `Empty tag, or an invalid or pre-1800 date.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, or no draw on that date.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One draw with its provenance (administrators; not metered).
   * An ingested draw names the source it was fetched from and when.
   * @returns AdminDrawDto
   * @throws ApiError
   */
  public adminGetDraw({
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
  }): CancelablePromise<AdminDrawDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/admin/lotteries/{tag}/draws/{date}',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      errors: {
        400: `Empty tag, or an invalid or pre-1800 date.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, or no draw on that date.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Create or replace the draw of one date.
   * Numbers in draw order. `round` (default 1) addresses another draw of the date, where the era in force has several rounds (`rules[].rounds`); a round beyond them is a 400 naming `round`.
   * @returns DrawDto The draw was replaced.
   * @throws ApiError
   */
  public putDraw({
    tag,
    date,
    requestBody,
    round = 1,
  }: {
    tag: string,
    /**
     * The lottery's local calendar date.
     */
    date: string,
    requestBody: PutDrawDto,
    /**
     * Which draw of the date, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10); 1 by default. A round that was not drawn is a 404.
     */
    round?: number,
  }): CancelablePromise<DrawDto> {
    return this.httpRequest.request({
      method: 'PUT',
      url: '/admin/lotteries/{tag}/draws/{date}',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid date, or numbers that break the rules of the era.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Delete what one draw paid; the draw stays.
   * @returns void
   * @throws ApiError
   */
  public deletePrizes({
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
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/admin/lotteries/{tag}/draws/{date}/prizes',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      errors: {
        400: `Empty tag, invalid date or round.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, no such draw, or no prizes stored for it.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Store or replace what one draw paid (`round`: which draw of the date, default 1).
   * The answer's shape: amounts in the currency's major unit with at most its minor unit's decimals, ranks of the prize structure in force on the draw's date. Subscribers of `draw.prizes` hear of it.
   * @returns DrawPrizesDto The prizes were replaced.
   * @throws ApiError
   */
  public putPrizes({
    tag,
    date,
    requestBody,
    round = 1,
  }: {
    tag: string,
    /**
     * The lottery's local calendar date.
     */
    date: string,
    requestBody: PutDrawPrizesDto,
    /**
     * Which draw of the date, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10); 1 by default. A round that was not drawn is a 404.
     */
    round?: number,
  }): CancelablePromise<DrawPrizesDto> {
    return this.httpRequest.request({
      method: 'PUT',
      url: '/admin/lotteries/{tag}/draws/{date}/prizes',
      path: {
        'tag': tag,
        'date': date,
      },
      query: {
        'round': round,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `A field at fault (the message names it).`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, or no such draw.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * List the lotteries' draw sources, ordered by lottery tag.
   * @returns any A page of sources. With limit=0 the 'sources' key is omitted.
   * @throws ApiError
   */
  public listSources({
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
    sources?: Array<DrawSourceDto>;
    /**
     * Size of the whole filtered set.
     */
    total: number;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/admin/sources',
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Remove a lottery's draw source (its draws stay).
   * @returns void
   * @throws ApiError
   */
  public deleteSource({
    tag,
  }: {
    tag: string,
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/admin/sources/{tag}',
      path: {
        'tag': tag,
      },
      errors: {
        400: `Empty tag.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, or it has no source.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Set a lottery's draw source (create or replace).
   * A new adapter or URL starts the sync state afresh; a body without `fallbacks` keeps them. The scheduler polls unless the service runs with SYNC=off; `POST /admin/sources/{tag}/sync` runs one sync at once.
   * @returns DrawSourceDto
   * @throws ApiError
   */
  public putSource({
    tag,
    requestBody,
  }: {
    tag: string,
    requestBody: PutSourceDto,
  }): CancelablePromise<DrawSourceDto> {
    return this.httpRequest.request({
      method: 'PUT',
      url: '/admin/sources/{tag}',
      path: {
        'tag': tag,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Unknown adapter, invalid URL or mapping (the message names it).`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Sync a lottery's source now, in the running service.
   * Fetches the source once (within SYNC_TIMEOUT_MS), writes new draws through the rules, records conflicts, and answers what it did; a failure of the source (unreachable, garbage) is in `error`, with the source's sync state updated as after a scheduled sync. Works whatever SYNC is.
   * @returns SyncResultDto
   * @throws ApiError
   */
  public syncNow({
    tag,
  }: {
    tag: string,
  }): CancelablePromise<SyncResultDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/admin/sources/{tag}/sync',
      path: {
        'tag': tag,
      },
      errors: {
        400: `Empty tag.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Lottery not found, or it has no source.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Each source's sync state, with its lottery's freshness.
   * Last attempt and success, the last error with its reason, the next planned attempt, consecutive failures and what the last sync did (rows rejected included).
   * @returns any A page of sources. With limit=0 the 'sources' key is omitted.
   * @throws ApiError
   */
  public listSyncStates({
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
    sources?: Array<SyncStateDto>;
    /**
     * Size of the whole filtered set.
     */
    total: number;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/admin/sync',
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One lottery's source sync state, with its freshness.
   * @returns SyncStateDto
   * @throws ApiError
   */
  public getSyncState({
    tag,
  }: {
    tag: string,
  }): CancelablePromise<SyncStateDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/admin/sync/{tag}',
      path: {
        'tag': tag,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Administrator role required.`,
        404: `Unknown lottery, or no source configured for it.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
