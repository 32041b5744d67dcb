/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreateWebhookDto = {
  events: Array<'draw.published' | 'draw.corrected' | 'draw.deleted' | 'draw.prizes'>;
  /**
   * Only these lotteries; omitted or null: every lottery.
   */
  lotteries?: Array<string> | null;
  url: string;
};

