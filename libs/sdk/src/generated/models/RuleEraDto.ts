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
  /**
   * How many draws (rounds) a draw date has in this era, at most; present only where there is more than one (UK Lotto since 2026-06-10). Draws of such an era carry `round`.
   */
  rounds?: number;
  special: SpecialRuleDto | null;
};

