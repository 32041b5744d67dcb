/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreateTokenDto = {
  description?: string | null;
  /**
   * When the token stops working (refused like an unknown token from then on). Omit: never.
   */
  expiresAt?: string;
  /**
   * Unique within the account; trimmed.
   */
  id: string;
};

