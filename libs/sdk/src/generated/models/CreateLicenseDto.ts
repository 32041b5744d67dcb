/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type CreateLicenseDto = {
  /**
   * null = unlimited.
   */
  monthlyQuota: number | null;
  name: string;
  perHour: number;
  perMinute: number;
  perSecond: number;
};

