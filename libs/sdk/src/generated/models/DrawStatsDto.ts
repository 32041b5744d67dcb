/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type DrawStatsDto = {
  count: number;
  first: string | null;
  last: string | null;
};

