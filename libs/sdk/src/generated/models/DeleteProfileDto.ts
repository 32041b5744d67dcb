/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DeleteProfileDto = {
  /**
   * The account's current password.
   */
  password: string;
};

