/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ConfirmEmailResultDto = {
  /**
   * The account's address from now on.
   */
  email: string;
};

