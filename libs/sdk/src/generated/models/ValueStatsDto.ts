/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ValueStatsDto = {
  /**
   * Draws in the window whose group holds the value.
   */
  count: number;
  /**
   * Draws in the window after lastDrawn (all of them when it is null).
   */
  drawsSince: number;
  /**
   * count / draws (0 when the window has no draw), unrounded.
   */
  frequency: number;
  /**
   * The latest such draw.
   */
  lastDrawn: string | null;
  /**
   * The longest run of consecutive draws in the window without the value, the runs before its first and after its last appearance included.
   */
  longestGap: number;
  value: number;
};

