/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CancelEmailChangeResultDto = {
  /**
   * The address the cancelled change named.
   */
  cancelledEmail: string;
  /**
   * The account's address, which stays as it is.
   */
  email: string;
};

