/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { WonDivisionDto } from './WonDivisionDto';
export type DrawResultDto = {
  date: string;
  /**
   * null when nothing was won.
   */
  division: WonDivisionDto | null;
  /**
   * The ticket's main numbers that were drawn.
   */
  main: Array<number>;
  /**
   * Present (false) when the prize structure in force on this date is not known: division is null.
   */
  prizesKnown?: boolean;
  /**
   * Only on draws of eras with more than one round.
   */
  round?: number;
  /**
   * The ticket's numbers that match a drawn special: its own specials, or its main numbers where the specials come from the main pool (a bonus ball).
   */
  special: Array<number>;
};

