/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawScheduleDto } from './DrawScheduleDto';
import type { NumberGroupInputDto } from './NumberGroupInputDto';
import type { RuleEraInputDto } from './RuleEraInputDto';
import type { SpecialGroupInputDto } from './SpecialGroupInputDto';
export type CreateLotteryDto = {
  country: string;
  drawOrder?: boolean;
  /**
   * Required when `rules` is omitted.
   */
  main?: NumberGroupInputDto;
  name: string;
  /**
   * Ascending by `from`.
   */
  rules?: Array<RuleEraInputDto>;
  /**
   * The draw calendar.
   */
  schedule?: DrawScheduleDto | null;
  source?: string | null;
  special?: SpecialGroupInputDto | null;
  tag: string;
  timezone: string;
};

