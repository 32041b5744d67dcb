/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type AccessTokenDto = {
  /**
   * A JWT for `Authorization: Bearer <accessToken>` on the account and admin routes.
   */
  accessToken: string;
  /**
   * Seconds until the access token expires.
   */
  expiresIn: number;
  tokenType: 'Bearer';
};

