/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type UpdateTokenDto = {
  /**
   * The new description; null clears it.
   */
  description: string | null;
};

