/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PutLicenseDto = {
  /**
   * null = unlimited.
   */
  monthlyQuota: number | null;
  perHour: number;
  perMinute: number;
  perSecond: number;
};

