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
   * A public https URL; plain http and private addresses only for hosts in SYNC_ALLOWED_HOSTS. Redirects are followed (5 at most), each checked the same way.
   */
  url: string;
};

