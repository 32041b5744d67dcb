/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PaidDto = {
  /**
   * In `currency`'s major unit, exact to its minor unit.
   */
  amount: number;
  currency: string;
  /**
   * Winning lines of the division (all regions).
   */
  winners: number | null;
};

