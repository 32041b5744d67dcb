/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RegionWinnersDto = {
  /**
   * ISO 3166 country code.
   */
  region: string;
  winners: number;
};

