/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DependencyStatusDto = {
  /**
   * Why it is down.
   */
  message?: string;
  status: 'up' | 'down';
};

