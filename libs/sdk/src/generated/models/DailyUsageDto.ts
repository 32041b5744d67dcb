/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DailyUsageDto = {
  count: number;
  /**
   * UTC day, 'YYYY-MM-DD'.
   */
  date: string;
};

