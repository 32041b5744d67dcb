/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type VerificationSentDto = {
  /**
   * Where the link went: the account's address.
   */
  email: string;
  /**
   * When the link stops working (24 hours).
   */
  expiresAt: string;
};

