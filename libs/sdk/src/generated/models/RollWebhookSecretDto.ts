/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RollWebhookSecretDto = {
  /**
   * How long the old secret still signs, in seconds.
   */
  graceSeconds?: number | null;
};

