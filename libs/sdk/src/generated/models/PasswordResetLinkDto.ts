/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PasswordResetLinkDto = {
  /**
   * The link stops working at this time (24 hours).
   */
  expiresAt: string;
  /**
   * Hand this to the account holder; it works once.
   */
  url: string;
};

