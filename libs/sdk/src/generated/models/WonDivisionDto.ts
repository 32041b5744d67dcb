/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { MatchCountDto } from './MatchCountDto';
import type { PrizeDto } from './PrizeDto';
export type WonDivisionDto = {
  /**
   * How many of the ticket's numbers matched.
   */
  match: MatchCountDto;
  prize: PrizeDto;
  /**
   * 1 is the top prize.
   */
  rank: number;
};

