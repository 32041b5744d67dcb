/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DailyUsageDto = {
  /**
   * Charged requests.
   */
  count: number;
  /**
   * UTC day, 'YYYY-MM-DD'.
   */
  date: string;
  /**
   * Of them, answered with a client error (4xx: bad input, unknown lottery or draw).
   */
  errors: number;
  /**
   * Of them, answered with success (2xx/3xx).
   */
  success: number;
};

