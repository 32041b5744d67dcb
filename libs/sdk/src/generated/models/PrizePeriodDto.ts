/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { PrizeDivisionDto } from './PrizeDivisionDto';
export type PrizePeriodDto = {
  /**
   * In rank order: a line wins the first division it meets. null: the structure changed then, but is not known.
   */
  divisions: Array<PrizeDivisionDto> | null;
  from: string;
  note?: string;
  source: string;
};

