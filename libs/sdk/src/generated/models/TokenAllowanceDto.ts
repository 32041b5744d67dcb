/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type TokenAllowanceDto = {
  count: number;
  /**
   * Creating a token beyond it is refused with 400.
   */
  max: number;
};

