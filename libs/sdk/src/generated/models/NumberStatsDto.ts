/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { ValueStatsDto } from './ValueStatsDto';
export type NumberStatsDto = {
  /**
   * The draws in the window.
   */
  draws: number;
  from: string;
  lottery: string;
  /**
   * One entry per value in range in any rule era overlapping the window, ascending by value.
   */
  main: Array<ValueStatsDto>;
  /**
   * null when no era of the window has special numbers.
   */
  special: Array<ValueStatsDto> | null;
  /**
   * null only for a lottery without draws.
   */
  to: string | null;
};

