/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PutSourceDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  /**
   * false keeps the source but stops polling it.
   */
  enabled?: boolean;
  /**
   * The generic adapter only: {format: json|csv, rows?, date, dateFormat?, main, special?, specialFromMain?, separator?, delimiter?, query?} (README, "Adding a draw source").
   */
  mapping?: Record<string, any> | null;
  /**
   * http or https.
   */
  url: string;
};

