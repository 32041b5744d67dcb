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
   * Existing draws with the same numbers (not rewritten).
   */
  unchanged: number;
  /**
   * Existing draws whose numbers changed.
   */
  updated: number;
};

