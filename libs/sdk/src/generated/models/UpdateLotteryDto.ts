/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawScheduleDto } from './DrawScheduleDto';
import type { NumberGroupInputDto } from './NumberGroupInputDto';
import type { RuleEraInputDto } from './RuleEraInputDto';
import type { SpecialGroupInputDto } from './SpecialGroupInputDto';
export type UpdateLotteryDto = {
  country?: string;
  drawOrder?: boolean;
  main?: NumberGroupInputDto;
  name?: string;
  rules?: Array<RuleEraInputDto>;
  /**
   * Replaces the whole calendar; null removes it.
   */
  schedule?: DrawScheduleDto | null;
  source?: string | null;
  special?: SpecialGroupInputDto | null;
  /**
   * Cannot be changed; accepted only when equal to the path tag.
   */
  tag?: string;
  timezone?: string;
};

