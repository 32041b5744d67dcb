/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreatedWebhookDto = {
  createdAt: string;
  /**
   * Why the service disabled the subscription (deliveries kept failing); null otherwise.
   */
  disabledReason: string | null;
  enabled: boolean;
  events: Array<'draw.published' | 'draw.corrected' | 'draw.deleted' | 'draw.prizes'>;
  id: string;
  /**
   * null: every lottery.
   */
  lotteries: Array<string> | null;
  /**
   * After a secret rotation with a grace period: until when the old secret also signs.
   */
  previousSecretExpiresAt?: string;
  /**
   * Signs every delivery (X-Lottery-Signature). Shown once.
   */
  secret: string;
  url: string;
};

