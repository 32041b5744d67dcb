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
   * Up to 5 more publications {adapter, url, mapping?}, tried in order when the one before fails to be fetched or read; each checked like the first. Omitted: the stored fallbacks are kept; [] removes them.
   */
  fallbacks?: Array<Record<string, any>>;
  /**
   * The generic adapter only: {format: json|csv|xml, rows?, date, dateFormat?, main, special?, specialFromMain?, separator?, delimiter?, query?, header?, archive?, encoding?, method?, headers?, body?, filter?, round?, prizes?} (README, "Adding a draw source").
   */
  mapping?: Record<string, any> | null;
  /**
   * A public https URL; plain http and private addresses only for hosts in SYNC_ALLOWED_HOSTS. Redirects are followed (5 at most), each checked the same way.
   */
  url: string;
};

