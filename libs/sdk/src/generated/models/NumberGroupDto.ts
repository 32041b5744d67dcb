/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type NumberGroupDto = {
  count: number;
  /**
   * false only where the numbers come from separate pools and may repeat.
   */
  distinct: boolean;
  max: number;
  min: number;
};

