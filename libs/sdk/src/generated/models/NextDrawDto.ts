/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type NextDrawDto = {
  /**
   * When it takes place, with the offset.
   */
  at: string;
  /**
   * The draw's date in the lottery's zone.
   */
  date: string;
};

