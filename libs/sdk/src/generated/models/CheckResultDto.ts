/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { TicketResultDto } from './TicketResultDto';
export type CheckResultDto = {
  /**
   * How many draws were checked.
   */
  draws: number;
  /**
   * The first draw checked.
   */
  from: string | null;
  lottery: string;
  /**
   * Draws checked whose prize structure is not known (their wins cannot be listed); absent when 0.
   */
  prizesUnknown?: number;
  tickets: Array<TicketResultDto>;
  /**
   * The last draw checked.
   */
  to: string | null;
};

