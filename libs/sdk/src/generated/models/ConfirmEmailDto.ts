/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ConfirmEmailDto = {
  /**
   * The `token` parameter of the link (after '#/confirm-email?token=').
   */
  token: string;
};

