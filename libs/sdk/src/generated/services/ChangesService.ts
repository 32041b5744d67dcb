/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { ChangesPageDto } from '../models/ChangesPageDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class ChangesService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * What changed: the webhook events (published, corrected, deleted, prizes), oldest first.
   * Start with an export, then follow `next` until `more` is false, then poll with it: every event is seen once, in commit order, from any instance. Without `since`: no changes and the current cursor. Events are kept CHANGES_RETENTION_DAYS (90 by default); an older cursor is answered 410.
   * @returns ChangesPageDto
   * @throws ApiError
   */
  public getChanges({
    since,
    lotteries,
    limit = 100,
  }: {
    /**
     * Where to go on from: the `next` of a previous answer. Omitted: from now (no changes, `next` the current cursor).
     */
    since?: string,
    /**
     * Only the events of these lotteries (tags separated by commas); all of them when omitted.
     */
    lotteries?: string,
    /**
     * Events per answer; values above 1000 are capped to 1000.
     */
    limit?: number,
  }): CancelablePromise<ChangesPageDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/changes',
      query: {
        'since': since,
        'lotteries': lotteries,
        'limit': limit,
      },
      errors: {
        400: `A malformed cursor ('since'), lotteries or limit.`,
        401: `X-API-Token missing or unknown.`,
        403: `Account disabled, without license, or monthly quota used up.`,
        404: `A lottery of \`lotteries\` is unknown.`,
        410: `The cursor is older than the change history: export again.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
