/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawResultDto } from './DrawResultDto';
export type TicketResultDto = {
  main: Array<number>;
  /**
   * One draw checked: one entry for it. Several: only the draws in which the ticket won a division, newest first.
   */
  results: Array<DrawResultDto>;
  special?: Array<number>;
};

