/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { ImportLineErrorDto } from './ImportLineErrorDto';
export type ImportResultDto = {
  /**
   * Rejected lines, by line number.
   */
  errors: Array<ImportLineErrorDto>;
  inserted: number;
  /**
   * Only for a file with prize columns: draws whose prizes were stored or changed (equal ones are not rewritten).
   */
  prizes?: number;
  /**
   * Existing draws with the same numbers (not rewritten).
   */
  unchanged: number;
  /**
   * Existing draws whose numbers changed.
   */
  updated: number;
};

