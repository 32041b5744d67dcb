/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RollTokenDto = {
  /**
   * How long the old secret keeps working, so clients can switch without downtime.
   */
  graceSeconds?: number;
};

