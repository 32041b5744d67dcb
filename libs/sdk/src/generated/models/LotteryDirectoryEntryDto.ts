/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type LotteryDirectoryEntryDto = {
  /**
   * ISO 3166-1 alpha-2 country code, or a region such as EU.
   */
  country: string;
  name: string;
  /**
   * `retired`: the game has ended.
   */
  status: 'active' | 'retired';
  tag: string;
};

