/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { JackpotDto } from './JackpotDto';
import type { NextJackpotDto } from './NextJackpotDto';
import type { PutDivisionPrizeDto } from './PutDivisionPrizeDto';
export type PutDrawPrizesDto = {
  currency: string;
  /**
   * Ascending by rank, each a rank of the prize structure in force on the draw's date.
   */
  divisions: Array<PutDivisionPrizeDto>;
  jackpot?: JackpotDto | null;
  next?: NextJackpotDto | null;
  /**
   * Default 'admin'.
   */
  source?: string;
};

