/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PrizeDto = {
  /**
   * Fixed prizes only: the base amount per line.
   */
  amount?: number;
  /**
   * Fixed prizes only: ISO 4217.
   */
  currency?: string;
  type: 'jackpot' | 'fixed' | 'parimutuel' | 'free-play';
};

