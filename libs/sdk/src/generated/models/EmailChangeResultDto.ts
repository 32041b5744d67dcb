/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type EmailChangeResultDto = {
  /**
   * `email`: a confirmation link valid for 24 hours was sent to the new address (and a notice to the current one); the address changes when the link is opened. `changed`: this service sends no e-mail, and the address changed at once.
   */
  delivery: 'email' | 'changed';
  /**
   * The account's address now: the current one until the link is opened, the new one once changed.
   */
  email: string;
  /**
   * When the confirmation link stops working (24 hours); null once changed.
   */
  expiresAt: string | null;
  /**
   * The address waiting for its confirmation (`email` delivery); null once changed.
   */
  pendingEmail: string | null;
};

