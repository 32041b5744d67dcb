/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RejectedRowDto = {
  date: string | null;
  message: string;
  /**
   * 1-based position of the row in the source's answer.
   */
  row: number;
};

