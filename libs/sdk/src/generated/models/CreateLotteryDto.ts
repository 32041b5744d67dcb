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
   * Who runs the game, short (public).
   */
  operator?: string | null;
  /**
   * Where this service's copy of the history was taken from (a repository or mirror, with its terms); shown to administrators only (GET /admin/lotteries).
   */
  provenance?: string | null;
  /**
   * The date the game ended: it keeps its history, has no next draw, is never stale and is not synced. null: the game is played.
   */
  retiredOn?: string | null;
  /**
   * Ascending by `from`.
   */
  rules?: Array<RuleEraInputDto>;
  /**
   * The draw calendar.
   */
  schedule?: DrawScheduleDto | null;
  /**
   * The authority for the lottery's results: the operator and where it publishes them (public).
   */
  source?: string | null;
  special?: SpecialGroupInputDto | null;
  tag: string;
  /**
   * The terms under which the lottery's source publishes its results, short ('none found' where none were found) (public).
   */
  terms?: string | null;
  timezone: string;
};

