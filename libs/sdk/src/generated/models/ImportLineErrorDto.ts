/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ImportLineErrorDto = {
  /**
   * 1-based line of the CSV file.
   */
  line: number;
  message: string;
};

