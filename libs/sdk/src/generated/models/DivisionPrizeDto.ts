/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DivisionMatchDto } from './DivisionMatchDto';
import type { RegionWinnersDto } from './RegionWinnersDto';
export type DivisionPrizeDto = {
  /**
   * What one winning line was paid, in `currency`'s major unit, exact to its minor unit; null where nobody won and the division paid nothing, or where the source does not publish it.
   */
  amount: number | null;
  /**
   * From the era's prize structure (`rules[].prizes`); null where that structure is not known.
   */
  match: DivisionMatchDto | null;
  /**
   * 1 for the top prize.
   */
  rank: number;
  /**
   * Where published.
   */
  regions?: Array<RegionWinnersDto>;
  /**
   * Winning lines in every region.
   */
  winners: number | null;
};

