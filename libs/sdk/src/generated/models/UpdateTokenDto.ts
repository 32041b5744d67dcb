/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type UpdateTokenDto = {
  /**
   * The new description; null clears it. Required unless `expiresAt` is given.
   */
  description?: string | null;
  /**
   * A new expiry, in the future; null: the token never expires. Omit: the expiry stays.
   */
  expiresAt?: string | null;
};

