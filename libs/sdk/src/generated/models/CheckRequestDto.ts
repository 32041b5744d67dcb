/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { TicketDto } from './TicketDto';
export type CheckRequestDto = {
  /**
   * One draw to check (404 when there is none). Not with from/to.
   */
  date?: string;
  /**
   * First day of a range of draws to check (inclusive; default: the first draw).
   */
  from?: string;
  tickets: Array<TicketDto>;
  /**
   * Last day of a range of draws to check (inclusive; default: the latest draw).
   */
  to?: string;
};

