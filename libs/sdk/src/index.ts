/**
 * @lottery-results/sdk: a typed client for the Lottery Results Service.
 *
 *   const client = createClient({ baseUrl: 'https://lottery.example.com', token: process.env.LOTTERY_TOKEN });
 *   for await (const draw of client.draws('fr_lotto')) console.log(draw.date, draw.numbers);
 *
 * Hand-written façade over the client generated from the API's OpenAPI document (./generated, never edited).
 */
export { createClient, type ClientOptions, type Credential, type LotteryClient } from './client';
export { LotteryApiError, type ErrorBody } from './errors';
export { PAGE_SIZE, paginate, type PageRequest, type PageResult } from './paging';
export {
  type DrawExport,
  type ExportedDraw,
  type ExportFormat,
  type ExportQuery,
  type FollowOptions,
  type RawExport,
} from './bulk';
export {
  verifyWebhookSignature,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks';
// The generated client: its models (the API's request and response types) and its building blocks.
export type * from './generated';
export { ApiError, CancelablePromise, CancelError, LotteryResultsApi } from './generated';
