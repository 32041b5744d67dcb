/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type JackpotDto = {
  /**
   * The top division's pool.
   */
  amount: number | null;
  /**
   * Consecutive draws without a top winner before this one.
   */
  rollovers: number | null;
  won: boolean | null;
};

