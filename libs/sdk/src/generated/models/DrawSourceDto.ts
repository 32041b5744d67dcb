/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DrawSourceDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  enabled: boolean;
  lottery: string;
  /**
   * Generic adapter only.
   */
  mapping: Record<string, any> | null;
  url: string;
};

