/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DailyUsageDto } from './DailyUsageDto';
import type { TokenUsageDto } from './TokenUsageDto';
export type UsageReportDto = {
  /**
   * Days with at least one request, ascending.
   */
  daily: Array<DailyUsageDto>;
  /**
   * The month's charged requests answered with a client error.
   */
  errors: number;
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
   * The month's charged requests answered with success.
   */
  success: number;
  /**
   * The month's requests per token, most used first: tokens that still exist and were used. Requests of deleted tokens count in the totals only.
   */
  tokens: Array<TokenUsageDto>;
  /**
   * Metered requests counted this month.
   */
  used: number;
};

