/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DependencyStatusDto = {
  /**
   * Why it is down.
   */
  message?: string;
  /**
   * `redis` only: where this instance counts quota units. `postgresql` while Redis does not answer this instance or another one (every instance switches together, so that the quota stays exact); `switching` for the few hundred milliseconds of a switch.
   */
  quotas?: 'redis' | 'postgresql' | 'switching';
  status: 'up' | 'down';
};

