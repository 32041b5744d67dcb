/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type LicenseDto = {
  /**
   * Metered requests allowed per calendar month (UTC); null = unlimited.
   */
  monthlyQuota: number | null;
  name: string;
  /**
   * Requests allowed per hour.
   */
  perHour: number;
  /**
   * Requests allowed per minute.
   */
  perMinute: number;
  /**
   * Requests allowed per second.
   */
  perSecond: number;
};

