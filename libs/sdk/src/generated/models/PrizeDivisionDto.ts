/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { PrizeDto } from './PrizeDto';
export type PrizeDivisionDto = {
  /**
   * Main numbers matched, exactly.
   */
  main: number;
  prize: PrizeDto;
  /**
   * 1 is the top prize; equal ranks are alternatives of one division.
   */
  rank: number;
  /**
   * Specials matched, exactly (absent with specialAtLeast, or when specials do not matter).
   */
  special?: number;
  /**
   * At least this many specials matched.
   */
  specialAtLeast?: number;
};

