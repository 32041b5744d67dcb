/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreateTokenDto = {
  description?: string | null;
  /**
   * Unique within the account; trimmed.
   */
  id: string;
};

