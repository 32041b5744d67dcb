/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { MatchCountDto } from './MatchCountDto';
import type { PaidDto } from './PaidDto';
import type { PrizeDto } from './PrizeDto';
export type WonDivisionDto = {
  /**
   * How many of the ticket's numbers matched.
   */
  match: MatchCountDto;
  /**
   * Where the draw's prizes are stored (`GET …/draw/{date}/prizes`): what one line of the division was paid, without optional add-ons such as Power Play.
   */
  paid?: PaidDto;
  prize: PrizeDto;
  /**
   * 1 is the top prize.
   */
  rank: number;
};

