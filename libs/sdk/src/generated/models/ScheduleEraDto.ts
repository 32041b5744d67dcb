/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ScheduleEraDto = {
  /**
   * First day of the era.
   */
  from: string;
  /**
   * Local draw time, 'HH:MM'.
   */
  time: string;
  /**
   * Weekdays drawn at another local time than `time`.
   */
  times?: Record<string, string>;
  /**
   * IANA zone of the draw times and dates.
   */
  timezone: string;
  weekdays: Array<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'>;
};

