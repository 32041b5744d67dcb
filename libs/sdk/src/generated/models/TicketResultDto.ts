/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawResultDto } from './DrawResultDto';
import type { WonAmountDto } from './WonAmountDto';
export type TicketResultDto = {
  /**
   * Several draws checked only: the wins whose amount is not known (a shared prize whose payout is not stored). Free plays are counted in neither.
   */
  amountsUnknown?: number;
  main: Array<number>;
  /**
   * One draw checked: one entry for it. Several: only the draws in which the ticket won a division, newest first.
   */
  results: Array<DrawResultDto>;
  /**
   * Draws checked that this ticket was not checked against: they fall in rule eras it does not fit (a current Powerball line over the whole history skips the draws before 2015-10-07, where 69 could not be drawn). Absent when 0. A ticket that fits none of the eras checked is a 400.
   */
  skipped?: number;
  special?: Array<number>;
  /**
   * Several draws checked only: what the ticket won, summed per currency (amounts paid where the draw's prizes are stored, else the fixed prizes of the structure). Empty when nothing is known.
   */
  won?: Array<WonAmountDto>;
};

