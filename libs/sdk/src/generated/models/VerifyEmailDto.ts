/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type VerifyEmailDto = {
  /**
   * The `token` parameter of the link (after '#/verify-email?token=').
   */
  token: string;
};

