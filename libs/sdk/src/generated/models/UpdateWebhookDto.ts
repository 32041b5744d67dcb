/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type UpdateWebhookDto = {
  enabled?: boolean;
  events?: Array<'draw.published' | 'draw.corrected' | 'draw.deleted' | 'draw.prizes'>;
  lotteries?: Array<string> | null;
  url?: string;
};

