/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { NumberGroupDto } from './NumberGroupDto';
export type RuleEraDto = {
  from: string;
  main: NumberGroupDto;
  special: NumberGroupDto | null;
};

