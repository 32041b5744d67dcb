/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { SourceMappingOrNull } from './SourceMappingOrNull';
export type SourceEndpointDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  /**
   * Generic adapter only.
   */
  mapping: SourceMappingOrNull;
  url: string;
};

