/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ChangeEmailDto = {
  /**
   * The new address. Trimmed and lower-cased.
   */
  email: string;
  /**
   * The account's current password.
   */
  password: string;
};

