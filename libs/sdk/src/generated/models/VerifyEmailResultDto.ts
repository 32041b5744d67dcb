/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type VerifyEmailResultDto = {
  /**
   * The address now verified.
   */
  email: string;
  /**
   * The name of the account's license from now on: DEFAULT_LICENSE, or the one an administrator gave meanwhile; null when it has none.
   */
  license: string | null;
};

