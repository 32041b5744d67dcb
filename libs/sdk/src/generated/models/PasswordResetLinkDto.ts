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
   * The link's secret (the reset page's `token` parameter, `resetToken` of POST /auth/password/reset), for a client that builds the link to its own reset page.
   */
  resetToken: string;
  /**
   * Hand this to the account holder; it works once. Absolute when the service has a PUBLIC_URL; otherwise relative to the service's origin (`/portal/#/reset-password?token=…`): resolve it against the address you reach the service at.
   */
  url: string;
};

