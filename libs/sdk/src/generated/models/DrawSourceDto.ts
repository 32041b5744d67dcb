/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { SourceEndpointDto } from './SourceEndpointDto';
import type { SourceMappingOrNull } from './SourceMappingOrNull';
export type DrawSourceDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  enabled: boolean;
  /**
   * Tried in order when the source before fails (unreachable, refused, a changed format).
   */
  fallbacks: Array<SourceEndpointDto>;
  lottery: string;
  /**
   * Generic adapter only.
   */
  mapping: SourceMappingOrNull;
  url: string;
};

