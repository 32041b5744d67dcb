/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ForgotPasswordDto = {
  /**
   * The address the account was registered with.
   */
  email: string;
};

