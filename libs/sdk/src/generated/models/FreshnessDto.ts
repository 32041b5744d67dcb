/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { FreshnessStatus } from './FreshnessStatus';
export type FreshnessDto = {
  /**
   * The latest scheduled draw that has taken place.
   */
  expectedLastDraw: string | null;
  /**
   * Hours since the oldest missing draw took place; 0 when current.
   */
  hoursBehind: number;
  /**
   * The newest stored draw.
   */
  lastDraw: string | null;
  /**
   * current: every draw that took place is here; awaiting: the latest is not yet, within its publication window; stale: a draw is missing past its window.
   */
  status: FreshnessStatus;
};

