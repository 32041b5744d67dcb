/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawResultDto } from './DrawResultDto';
import type { WonAmountDto } from './WonAmountDto';
export type TicketResultDto = {
  /**
   * A range (`from`/`to`) only, always there: the wins whose amount is not known (a shared prize whose payout is not stored). Free plays are counted in neither.
   */
  amountsUnknown?: number;
  main: Array<number>;
  /**
   * Follows the request, never the number of draws found. A `date` (or neither `date` nor a range: the latest draw date): one entry for every draw of that date (each round, newest first), `division` null when nothing was won. A range (`from`/`to`): only the draws in which the ticket won a division, newest first.
   */
  results: Array<DrawResultDto>;
  /**
   * Draws checked that this ticket was not checked against: they fall in rule eras it does not fit (a current Powerball line over the whole history skips the draws before 2015-10-07, where 69 could not be drawn). Absent when 0. A ticket that fits none of the eras checked is a 400.
   */
  skipped?: number;
  special?: Array<number>;
  /**
   * A range (`from`/`to`) only, always there (also over one draw or none): what the ticket won, summed per currency (amounts paid where the draw's prizes are stored, else the fixed prizes of the structure). Empty when nothing is known.
   */
  won?: Array<WonAmountDto>;
};

