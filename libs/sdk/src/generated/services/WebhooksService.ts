/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { CreatedWebhookDto } from '../models/CreatedWebhookDto';
import type { CreateWebhookDto } from '../models/CreateWebhookDto';
import type { RollWebhookSecretDto } from '../models/RollWebhookSecretDto';
import type { UpdateWebhookDto } from '../models/UpdateWebhookDto';
import type { WebhookDeliveryDto } from '../models/WebhookDeliveryDto';
import type { WebhookDto } from '../models/WebhookDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class WebhooksService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * List the caller's webhook subscriptions, oldest first (never their secrets).
   * @returns any A page of webhooks. With limit=0 the 'webhooks' key is omitted.
   * @throws ApiError
   */
  public listWebhooks({
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
    /**
     * Size of the whole filtered set.
     */
    total: number;
    webhooks?: Array<WebhookDto>;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile/webhooks',
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
   * Subscribe a URL to draw events. The signing secret is in this answer only.
   * Each delivery is a POST of `{id, type, createdAt, data: {lottery, draw}}` with `X-Lottery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` and `X-Lottery-Event-Id`. Deliveries do not count against the monthly quota.
   * @returns CreatedWebhookDto
   * @throws ApiError
   */
  public createWebhook({
    requestBody,
  }: {
    requestBody: CreateWebhookDto,
  }): CancelablePromise<CreatedWebhookDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/webhooks',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid field, a target that is not public https, or the maximum reached.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Account disabled or without a license (it may still list, read and delete).`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Delete a subscription and its pending deliveries.
   * @returns void
   * @throws ApiError
   */
  public deleteWebhook({
    id,
  }: {
    id: string,
  }): CancelablePromise<void> {
    return this.httpRequest.request({
      method: 'DELETE',
      url: '/profile/webhooks/{id}',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * One subscription, with why the service disabled it if it did.
   * @returns WebhookDto
   * @throws ApiError
   */
  public getWebhook({
    id,
  }: {
    id: string,
  }): CancelablePromise<WebhookDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/profile/webhooks/{id}',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Change the URL, events, lotteries or `enabled` (true re-enables a disabled one).
   * @returns WebhookDto
   * @throws ApiError
   */
  public updateWebhook({
    id,
    requestBody,
  }: {
    id: string,
    requestBody: UpdateWebhookDto,
  }): CancelablePromise<WebhookDto> {
    return this.httpRequest.request({
      method: 'PATCH',
      url: '/profile/webhooks/{id}',
      path: {
        'id': id,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid field.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Account disabled or without a license (it may still list, read and delete).`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * The subscription's deliveries, newest first, with their last attempt.
   * @returns any A page of deliveries. With limit=0 the 'deliveries' key is omitted.
   * @throws ApiError
   */
  public listWebhookDeliveries({
    id,
    limit = 15,
    offset,
  }: {
    id: string,
    /**
     * Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws bundled: 218 requests), so narrow the walk with from/to where you can.
     */
    limit?: number,
    /**
     * Number of items to skip.
     */
    offset?: number,
  }): CancelablePromise<{
    deliveries?: Array<WebhookDeliveryDto>;
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
      url: '/profile/webhooks/{id}/deliveries',
      path: {
        'id': id,
      },
      query: {
        'limit': limit,
        'offset': offset,
      },
      errors: {
        400: `Invalid limit or offset.`,
        401: `Authorization header missing or invalid JWT.`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Send a delivery's event again, as a new delivery.
   * Answered 429 (with Retry-After) past the test sends and redeliveries allowed per account (WEBHOOK_TEST_RATE_LIMIT), or while the subscription or the account has as many deliveries waiting as allowed.
   * @returns WebhookDeliveryDto
   * @throws ApiError
   */
  public redeliverWebhook({
    id,
    deliveryId,
  }: {
    id: string,
    deliveryId: string,
  }): CancelablePromise<WebhookDeliveryDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      path: {
        'id': id,
        'deliveryId': deliveryId,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Account disabled or without a license (it may still list, read and delete).`,
        404: `Webhook or delivery not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Replace the signing secret (shown in this answer only); the old one also signs for `graceSeconds`.
   * @returns CreatedWebhookDto
   * @throws ApiError
   */
  public rollWebhookSecret({
    id,
    requestBody,
  }: {
    id: string,
    requestBody: RollWebhookSecretDto,
  }): CancelablePromise<CreatedWebhookDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/webhooks/{id}/secret/roll',
      path: {
        'id': id,
      },
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Invalid graceSeconds.`,
        401: `Authorization header missing or invalid JWT.`,
        403: `Account disabled or without a license (it may still list, read and delete).`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Send a `webhook.test` event to this subscription now (also when it is disabled).
   * Answered 429 (with Retry-After) past the test sends and redeliveries allowed per account (WEBHOOK_TEST_RATE_LIMIT), or while the subscription or the account has as many deliveries waiting as allowed.
   * @returns WebhookDeliveryDto
   * @throws ApiError
   */
  public testWebhook({
    id,
  }: {
    id: string,
  }): CancelablePromise<WebhookDeliveryDto> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/profile/webhooks/{id}/test',
      path: {
        'id': id,
      },
      errors: {
        401: `Authorization header missing or invalid JWT.`,
        403: `Account disabled or without a license (it may still list, read and delete).`,
        404: `Webhook not found.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
