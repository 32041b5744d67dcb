/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RegisterDto = {
  /**
   * Trimmed and lower-cased.
   */
  email: string;
  password: string;
};

