/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DivisionPrizeDto } from './DivisionPrizeDto';
import type { JackpotDto } from './JackpotDto';
import type { NextJackpotDto } from './NextJackpotDto';
export type DrawPrizesDto = {
  /**
   * ISO 4217.
   */
  currency: string;
  date: string;
  /**
   * Ascending by rank.
   */
  divisions: Array<DivisionPrizeDto>;
  jackpot: JackpotDto | null;
  lottery: string;
  /**
   * The next draw's advertised estimate.
   */
  next: NextJackpotDto | null;
  /**
   * Only on draws of eras with more than one round.
   */
  round?: number;
  /**
   * Where the facts come from.
   */
  source: string;
  updatedAt: string;
};

