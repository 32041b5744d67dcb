/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ErrorBodyDto = {
  /**
   * Mostly the HTTP status; validation errors carry 401 (the seed's quirk) with HTTP 400.
   */
  code: number;
  /**
   * HTTP status text.
   */
  error: string;
  /**
   * What went wrong. Absent on 429.
   */
  message?: string;
};

