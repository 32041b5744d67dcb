/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawScheduleDto } from './DrawScheduleDto';
import type { DrawStatsDto } from './DrawStatsDto';
import type { FreshnessDto } from './FreshnessDto';
import type { NextDrawDto } from './NextDrawDto';
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
   * null without a schedule; a retired game is always `current`.
   */
  freshness: FreshnessDto | null;
  /**
   * The main numbers under the rules in force today.
   */
  main: NumberGroupDto;
  name: string;
  /**
   * null without a schedule; absent for a retired game.
   */
  nextDraw?: NextDrawDto | null;
  /**
   * Who runs the game, short; null when not recorded.
   */
  operator: string | null;
  /**
   * Present only for a retired game: the date it ended.
   */
  retiredOn?: string;
  /**
   * Rule history, ascending by `from`.
   */
  rules: Array<RuleEraDto>;
  /**
   * null: draws follow no schedule.
   */
  schedule: DrawScheduleDto | null;
  /**
   * The authority for the lottery's results: the operator and where it publishes them. Where this service's copy was taken from is for administrators (`provenance` in GET /admin/lotteries).
   */
  source: string | null;
  /**
   * The special numbers under the rules in force today; null when there are none.
   */
  special: SpecialGroupDto | null;
  /**
   * `retired`: the game has ended (on `retiredOn`); its history is still served.
   */
  status: 'active' | 'retired';
  tag: string;
  /**
   * The terms under which the lottery's shipped source publishes its results, short ('none found' where none were found: the operator decides); null when not recorded.
   */
  terms: string | null;
  /**
   * IANA zone; draw dates are calendar days there.
   */
  timezone: string;
};

