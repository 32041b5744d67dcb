/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { ScheduleEraDto } from './ScheduleEraDto';
export type DrawScheduleDto = {
  /**
   * Ascending by `from`.
   */
  eras: Array<ScheduleEraDto>;
  /**
   * Minutes after a draw within which its result is expected to be published.
   */
  publicationWindowMinutes: number;
};

