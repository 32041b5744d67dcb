/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type UsageDto = {
  /**
   * The UTC calendar month, 'YYYY-MM'.
   */
  month: string;
  /**
   * The license's monthly quota; null = unlimited; 0 when the account has no license.
   */
  quota: number | null;
  /**
   * Requests left this month; null = unlimited.
   */
  remaining: number | null;
  /**
   * When the counter resets: 00:00 UTC on the 1st of the next month.
   */
  resetsAt: string;
  /**
   * Metered requests counted this month.
   */
  used: number;
};

