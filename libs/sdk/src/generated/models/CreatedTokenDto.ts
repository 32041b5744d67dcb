/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreatedTokenDto = {
  createdAt: string;
  description: string | null;
  /**
   * When the token stops working; absent when it never expires.
   */
  expiresAt?: string;
  /**
   * Chosen by the account holder, unique within the account.
   */
  id: string;
  /**
   * Last metered request made with the token (recorded within seconds); null if never used.
   */
  lastUsedAt: string | null;
  /**
   * The first 8 characters of the secret, to recognise it.
   */
  prefix: string;
  /**
   * After a roll with a grace period: until when the replaced secret still works; absent once it has ended.
   */
  previousSecretExpiresAt?: string;
  /**
   * The secret, for the X-API-Token header. Shown once: only a hash of it is stored.
   */
  token: string;
};

