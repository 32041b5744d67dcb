/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { NumberGroupInputDto } from './NumberGroupInputDto';
export type RuleEraInputDto = {
  from: string;
  main: NumberGroupInputDto;
  /**
   * Omitted or null: none.
   */
  special?: NumberGroupInputDto | null;
};

