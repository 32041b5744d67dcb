/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DrawNumberDto = {
  /**
   * Position in the draw, counted separately for main and special numbers, each from 0. It never changes with sort_number.
   */
  order: number;
  /**
   * true for a special number (bonus ball, lucky star, …).
   */
  special: boolean;
  value: number;
};

