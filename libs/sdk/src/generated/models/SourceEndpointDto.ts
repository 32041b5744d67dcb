/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type SourceEndpointDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  /**
   * Generic adapter only.
   */
  mapping: Record<string, any> | null;
  url: string;
};

