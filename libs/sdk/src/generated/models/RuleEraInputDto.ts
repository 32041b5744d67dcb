/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { NumberGroupInputDto } from './NumberGroupInputDto';
import type { PrizePeriodDto } from './PrizePeriodDto';
import type { SpecialRuleInputDto } from './SpecialRuleInputDto';
export type RuleEraInputDto = {
  from: string;
  main: NumberGroupInputDto;
  /**
   * Prize structures of the era, ascending by `from` (within the era), each with its source; divisions in rank order, within the era's counts.
   */
  prizes?: Array<PrizePeriodDto>;
  /**
   * Omitted or null: none.
   */
  special?: SpecialRuleInputDto | null;
};

