/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type PutDrawDto = {
  /**
   * Main numbers in draw order.
   */
  main: Array<number>;
  /**
   * Special numbers in draw order; default none.
   */
  special?: Array<number>;
};

