/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type NumberGroupInputDto = {
  count: number;
  /**
   * false only where numbers may repeat (separate pools).
   */
  distinct?: boolean;
  max: number;
  min: number;
};

