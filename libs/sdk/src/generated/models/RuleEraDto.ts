/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { NumberGroupDto } from './NumberGroupDto';
import type { PrizePeriodDto } from './PrizePeriodDto';
import type { SpecialRuleDto } from './SpecialRuleDto';
export type RuleEraDto = {
  from: string;
  main: NumberGroupDto;
  /**
   * The prize structures of the era with their sources, ascending; empty when none is known.
   */
  prizes: Array<PrizePeriodDto>;
  special: SpecialRuleDto | null;
};

