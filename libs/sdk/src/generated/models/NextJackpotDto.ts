/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type NextJackpotDto = {
  date: string | null;
  /**
   * As advertised.
   */
  estimatedJackpot: number | null;
};

