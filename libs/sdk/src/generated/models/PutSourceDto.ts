/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { SourceMappingOrNull } from './SourceMappingOrNull';
export type PutSourceDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  /**
   * false keeps the source but stops polling it.
   */
  enabled?: boolean;
  /**
   * Up to 5 more publications {adapter, url, mapping?}, tried in order when the one before fails to be fetched or read; each checked like the first. Omitted: the stored fallbacks are kept; [] removes them.
   */
  fallbacks?: Array<{
    adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
    /**
     * The generic adapter only.
     */
    mapping?: SourceMappingOrNull;
    url: string;
  }>;
  /**
   * The generic adapter only (null for the others): where the rows, the date and the numbers are.
   */
  mapping?: SourceMappingOrNull;
  /**
   * A public https URL; plain http and private addresses only for hosts in SYNC_ALLOWED_HOSTS. Redirects are followed (5 at most), each checked the same way.
   */
  url: string;
};

