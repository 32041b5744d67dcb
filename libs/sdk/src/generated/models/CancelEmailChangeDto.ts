/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CancelEmailChangeDto = {
  /**
   * The `token` parameter of the link (after '#/cancel-email?token=').
   */
  token: string;
};

