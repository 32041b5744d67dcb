/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawStatsDto } from './DrawStatsDto';
import type { NumberGroupDto } from './NumberGroupDto';
import type { RuleEraDto } from './RuleEraDto';
import type { SpecialGroupDto } from './SpecialGroupDto';
export type LotteryDto = {
  country: string;
  /**
   * true when main numbers are stored in the order drawn; false when as published (often sorted).
   */
  drawOrder: boolean;
  draws: DrawStatsDto;
  /**
   * The main numbers under the rules in force today.
   */
  main: NumberGroupDto;
  name: string;
  /**
   * Rule history, ascending by `from`.
   */
  rules: Array<RuleEraDto>;
  /**
   * Where the draw history comes from.
   */
  source: string | null;
  /**
   * The special numbers under the rules in force today; null when there are none.
   */
  special: SpecialGroupDto | null;
  tag: string;
  /**
   * IANA zone; draw dates are calendar days there.
   */
  timezone: string;
};

