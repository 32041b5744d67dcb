/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { TicketDto } from './TicketDto';
export type CheckRequestDto = {
  /**
   * The draws of one date to check (every round of it; 404 when there is none). Not with from/to.
   */
  date?: string;
  /**
   * First day of a range of draws to check (inclusive; default: the first draw).
   */
  from?: string;
  /**
   * With `date` only (else a 400): check that round of the date alone, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10). A round that was not drawn is a 404.
   */
  round?: number;
  tickets: Array<TicketDto>;
  /**
   * Last day of a range of draws to check (inclusive; default: the latest draw).
   */
  to?: string;
};

