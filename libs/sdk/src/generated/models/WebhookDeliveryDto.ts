/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type WebhookDeliveryDto = {
  attempts: number;
  createdAt: string;
  /**
   * Also sent as X-Lottery-Event-Id.
   */
  eventId: string;
  id: string;
  lastAttemptAt: string | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  /**
   * The receiver's HTTP status at the last attempt.
   */
  lastStatus: number | null;
  /**
   * Set while pending.
   */
  nextAttemptAt: string | null;
  /**
   * The first 500 characters of the receiver's answer.
   */
  responseExcerpt: string | null;
  status: 'pending' | 'delivered' | 'failed';
  type: string;
};

